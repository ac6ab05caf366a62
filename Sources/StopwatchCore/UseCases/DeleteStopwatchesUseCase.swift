/// Deletes stopwatches and their laps, all or none: `delete NAME...`, each run recorded in history
/// as it ends, and the stopwatches as they were kept with it, so that `undo` puts them back. A
/// deletion leaves nothing to show, so it publishes to no StateStore.
public struct DeleteStopwatchesUseCase: Sendable {
    private let store: any StopwatchStore
    private let timeSource: any TimeSource
    private let ids: any IDSource

    /// Works through these ports: nothing is read or written until it runs.
    public init(store: any StopwatchStore, timeSource: any TimeSource, ids: any IDSource) {
        self.store = store
        self.timeSource = timeSource
        self.ids = ids
    }

    /// Does what the type's summary says, under the store's lock: a refusal writes nothing. A
    /// name `machines` gives a machine is the stopwatch that machine keeps (`delete work@desktop`).
    public func execute(_ names: [StopwatchName], on machines: [StopwatchName: String] = [:]) throws {
        try store.delete(names, on: machines) { states in Self.deletion(of: states, at: timeSource.now(), ids: ids) }
    }

    /// The change history keeps of deleting `states` at `now`: each as it was, and its run.
    static func deletion(of states: [StopwatchState], at now: TimeReading, ids: any IDSource) -> HistoryChange? {
        guard !states.isEmpty else { return nil }
        var events: [HistoryEvent] = []
        for state in states {
            events.append(.stopwatch(before: state, after: nil))
            if let run = state.rebased(at: now).record(endedAt: now) { events.append(.run(run)) }
        }
        return HistoryChange(id: ids.next(), madeAt: now.wall, kind: .delete, events: events)
    }
}
