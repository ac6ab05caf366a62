/// Takes runs out of history (`remove RUN...`), all or none: a run history keeps is removed (a
/// change that `undo` takes back); the run a stopwatch holds now is thrown away, the stopwatch
/// reset without recording it (another machine's is refused: it is changed there). Published to the StateStore as the runs removed.
public struct RemoveRunsUseCase: Sendable {
    private let correction: RunCorrection

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        history: any HistoryStore, stateStore: StateStore<RunHistory>, timeSource: any TimeSource, ids: any IDSource
    ) {
        correction = RunCorrection(history: history, stateStore: stateStore, timeSource: timeSource, ids: ids)
    }

    /// Does what the type's summary says, under the store's lock: a refusal writes nothing.
    @discardableResult
    public func execute(_ references: [RunReference]) throws -> [RunRecord] {
        try correction.run(.remove) { lookup, listing, _ in
            var events: [HistoryEvent] = []
            var writes: [StopwatchWrite] = []
            var removed: [RunRecord] = []
            for reference in references {
                let run = try lookup.find(reference)
                guard !removed.contains(where: { $0.id == run.id }) else { continue }
                removed.append(run)
                if let state = try listing.holder(of: run) {
                    events.append(.stopwatch(before: state, after: state.reset()))
                    writes.append(StopwatchWrite(name: state.name, state: state.reset(), beforeHistory: false))
                } else {
                    events.append(.removed(run.id))
                }
            }
            return (events, writes, removed)
        }
    }
}
