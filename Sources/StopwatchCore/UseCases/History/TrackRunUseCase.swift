/// Keeps a finished block of time told after the fact (`track 09:00 10:30 NAME`) as a run in
/// history, never in the future. It was told, not measured, so it is marked estimated. Published
/// to the StateStore as a history of that one run.
public struct TrackRunUseCase: Sendable {
    private let history: any HistoryStore
    private let stateStore: StateStore<RunHistory>
    private let timeSource: any TimeSource
    private let timeZone: any LocalTimeZone
    private let ids: any IDSource

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        history: any HistoryStore, stateStore: StateStore<RunHistory>, timeSource: any TimeSource,
        timeZone: any LocalTimeZone, ids: any IDSource
    ) {
        self.history = history
        self.stateStore = stateStore
        self.timeSource = timeSource
        self.timeZone = timeZone
        self.ids = ids
    }

    /// Keeps the block from `from` to `to`: a bare time of day the latest the clocks showed it
    /// (`from` the latest before `to`'s), a date and time as it is. An end in the future, an end
    /// before the start, a block of more than 12 hours told with a bare time
    /// (`StopwatchError.needsDate`), or one that overlaps a run of the same name is refused.
    @discardableResult
    public func execute(_ name: StopwatchName, from: Moment, to: Moment, tags: [String] = []) throws -> RunRecord {
        var tracked: RunRecord?
        try history.update { log, listing in
            let now = timeSource.now()
            let end = to.resolved(atOrBefore: now.wall, in: timeZone)
            guard end <= now.wall else { throw StopwatchError.inTheFuture(end, now: now.wall) }
            // A bare start is the latest before the end: a block across midnight reads as typed.
            let start =
                if case .time(let time) = from {
                    time.latestInstant(atOrBefore: end - .microseconds(1), in: timeZone)
                } else {
                    from.resolved(atOrBefore: now.wall, in: timeZone)
                }
            guard start < end else { throw StopwatchError.endBeforeStart(start: start, end: end) }
            if from.isBare || to.isBare, end - start > Moment.bareLimit {
                throw StopwatchError.needsDate(start: start, end: end, length: end - start)
            }
            var run = RunRecord(
                id: ids.next(), name: name, plan: .open, startedAt: start, endedAt: end, elapsed: end - start,
                isEstimated: true, lapCount: 0)
            run.tags = Tag.normalized(tags)
            let lookup = RunLookup(log, stopwatches: listing.stopwatches, on: listing.machine, at: now)
            if let other = lookup.overlapping(run, start: start, end: end) {
                throw StopwatchError.overlap(run, other: other)
            }
            tracked = run
            return HistoryCommit(
                change: HistoryChange(id: ids.next(), madeAt: now.wall, kind: .track, events: [.run(run)]))
        }
        guard var run = tracked else { preconditionFailure("HistoryStore.update dropped a change") }
        run.stampOffsets(in: timeZone)
        var recorded = RunHistory(runs: [run])
        recorded.recordedHere = true
        stateStore.update(recorded)
        return run
    }
}
