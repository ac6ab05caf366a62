extension StopwatchState {
    /// This run as history keeps it, ended at `now`; nil when there is no run to keep (never
    /// started since the last reset).
    public func record(endedAt now: TimeReading) -> RunRecord? {
        guard status != .initial, let startedAt else { return nil }
        let elapsed = elapsed(at: now)
        var run = RunRecord(
            name: name, plan: plan, startedAt: startedAt, endedAt: now.wall, elapsed: elapsed.duration, isEstimated: elapsed.isEstimated,
            lapCount: lapCount, phasesEnded: edgesPassed(at: now)
        )
        run.tags = tags
        if case .sequence(let sequence) = plan {
            run.phaseTimes = sequence.phaseTimes(anchors: earlierAnchors + (phaseAnchor.map { [$0] } ?? []), elapsed: elapsed.duration)
        }
        return run
    }

    /// True when changing this state to `next` ends the run it holds (reset, restarted,
    /// replaced). The one rule of when a run ends: a run is its first start and its laps, so a
    /// change that throws that start or those laps away ends it (a restart within the same
    /// microsecond as the start keeps the start, not the laps).
    public func endsRun(by next: StopwatchState) -> Bool {
        guard status != .initial, let startedAt else { return false }
        return next.status == .initial || next.startedAt != startedAt || next.lapCount < lapCount
    }
}
