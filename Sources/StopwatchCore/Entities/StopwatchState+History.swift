extension StopwatchState {
    /// This run as history keeps it, ended at `now`; nil when there is no run to keep (never
    /// started since the last reset).
    public func record(endedAt now: TimeReading) -> RunRecord? {
        guard status != .initial, let startedAt else { return nil }
        let elapsed = elapsed(at: now)
        return RunRecord(
            name: name, plan: plan, startedAt: startedAt, endedAt: now.wall, elapsed: elapsed.duration, isEstimated: elapsed.isEstimated,
            lapCount: lapCount, phasesEnded: edgesPassed(at: now)
        )
    }

    /// The run this state holds, ended by `next` at `now`: the record of this run when `next`
    /// no longer holds it (reset, restarted, replaced), else nil. The one rule of when a run ends:
    /// a run is its first start, so a change that throws that start away ends it.
    public func endedRun(by next: StopwatchState?, at now: TimeReading) -> RunRecord? {
        guard status != .initial, let startedAt else { return nil }
        if let next, next.status != .initial, next.startedAt == startedAt { return nil }
        return record(endedAt: now)
    }
}
