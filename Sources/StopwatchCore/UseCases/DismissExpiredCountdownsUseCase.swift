/// Acknowledges every expired countdown of this machine (`dismiss` with no name) as one change to
/// history, so that one `undo` puts them all back: under the lock, each judged expired at the time
/// read there, reset, its run recorded (`StopwatchState.dismissed`); the listing of those
/// dismissed, as they are now, goes to the StateStore. A stopwatch that cannot be read is passed
/// over and reported in the listing's failures; the others are dismissed all the same.
public struct DismissExpiredCountdownsUseCase: Sendable {
    private let history: any HistoryStore
    private let stateStore: StateStore<StopwatchListing>
    private let timeSource: any TimeSource
    private let ids: any IDSource

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        history: any HistoryStore, stateStore: StateStore<StopwatchListing>, timeSource: any TimeSource,
        ids: any IDSource
    ) {
        self.history = history
        self.stateStore = stateStore
        self.timeSource = timeSource
        self.ids = ids
    }

    /// Does what the type's summary says, under the store's lock: a refusal writes nothing.
    @discardableResult
    public func execute() throws -> StopwatchListing {
        var result = StopwatchListing()
        try history.update { _, listing in
            let now = timeSource.now()
            var events: [HistoryEvent] = []
            var writes: [StopwatchWrite] = []
            var dismissed: [StopwatchState] = []
            // Another machine's countdowns are dismissed there (`StopwatchState.runsOn`).
            for stored in listing.stopwatches where stored.runsOn == nil {
                guard let state = try? stored.dismissed(at: now) else { continue }
                let change = StopwatchChange(state: state).ending(
                    stored, at: now, as: HistoryChange(id: ids.next(), madeAt: now.wall, kind: .dismiss, events: []))
                events += change.recorded.flatMap(\.events)
                // Its run recorded first, then the stopwatch reset: a run is current or kept, never both.
                writes.append(StopwatchWrite(name: stored.name, state: state, beforeHistory: false))
                dismissed.append(state)
            }
            result = StopwatchListing(stopwatches: dismissed, failures: listing.failures, names: dismissed.map(\.name))
            guard !dismissed.isEmpty else { return nil }
            return HistoryCommit(
                change: HistoryChange(id: ids.next(), madeAt: now.wall, kind: .dismiss, events: events),
                stopwatches: writes)
        }
        stateStore.update(result)
        return result
    }
}
