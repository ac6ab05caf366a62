/// Keeps a finished block of time told after the fact (`track 09:00 10:30 NAME`) as a run in
/// history: from the latest time local clocks showed `from` before `to`'s, to the latest time they
/// showed `to`, so never in the future. It was told, not measured, so it is marked estimated.
/// Published to the StateStore as a history of that one run.
public struct TrackRunUseCase: Sendable {
    private let history: any HistoryStore
    private let stateStore: StateStore<RunHistory>
    private let timeSource: any TimeSource
    private let timeZone: any LocalTimeZone
    private let ids: any IDSource

    public init(
        history: any HistoryStore, stateStore: StateStore<RunHistory>, timeSource: any TimeSource, timeZone: any LocalTimeZone, ids: any IDSource
    ) {
        self.history = history
        self.stateStore = stateStore
        self.timeSource = timeSource
        self.timeZone = timeZone
        self.ids = ids
    }

    @discardableResult
    public func execute(_ name: StopwatchName, from: TimeOfDay, to: TimeOfDay, tags: [String] = []) throws -> RunRecord {
        var tracked: RunRecord?
        try history.update { _, _ in
            let now = timeSource.now().wall
            let end = to.latestInstant(atOrBefore: now, in: timeZone)
            // The latest `from` strictly before the end: a block of a day at most.
            let start = from.latestInstant(atOrBefore: end - .microseconds(1), in: timeZone)
            var run = RunRecord(id: ids.next(), name: name, plan: .open, startedAt: start, endedAt: end, elapsed: end - start, isEstimated: true, lapCount: 0)
            run.tags = Tag.normalized(tags)
            tracked = run
            return HistoryCommit(change: HistoryChange(id: ids.next(), madeAt: now, command: .track, events: [.run(run)]))
        }
        guard var run = tracked else { preconditionFailure("HistoryStore.update dropped a change") }
        run.startOffset = timeZone.offset(at: run.startedAt)
        run.endOffset = timeZone.offset(at: run.endedAt)
        stateStore.update(RunHistory(runs: [run]))
        return run
    }
}
