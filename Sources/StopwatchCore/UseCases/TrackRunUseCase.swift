/// Keeps a finished block of time told after the fact (`track 09:00 10:30 NAME`) as a run in
/// history: from the latest time local clocks showed `from` before `to`'s, to the latest time they
/// showed `to`, so never in the future. It was told, not measured, so it is marked estimated.
/// Published to the StateStore as a history of that one run.
public struct TrackRunUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<RunHistory>
    private let timeSource: any TimeSource
    private let timeZone: any LocalTimeZone

    public init(store: any StopwatchStore, stateStore: StateStore<RunHistory>, timeSource: any TimeSource, timeZone: any LocalTimeZone) {
        self.store = store
        self.stateStore = stateStore
        self.timeSource = timeSource
        self.timeZone = timeZone
    }

    @discardableResult
    public func execute(_ name: StopwatchName, from: TimeOfDay, to: TimeOfDay, tags: [String] = []) throws -> RunRecord {
        let now = timeSource.now().wall
        let end = to.latestInstant(atOrBefore: now, in: timeZone)
        // The latest `from` strictly before the end: a block of a day at most.
        let start = from.latestInstant(atOrBefore: end - .microseconds(1), in: timeZone)
        var run = RunRecord(name: name, plan: .open, startedAt: start, endedAt: end, elapsed: end - start, isEstimated: true, lapCount: 0)
        run.tags = Tag.normalized(tags)
        try store.record([run])
        run.startOffset = timeZone.offset(at: start)
        run.endOffset = timeZone.offset(at: end)
        stateStore.update(RunHistory(runs: [run]))
        return run
    }
}
