extension StopwatchState {
    /// The run at `now`: the one reading every surface renders (`RunReading`).
    public func reading(at now: TimeReading) -> RunReading {
        let progress = progress(at: now)
        let waiting = progress.phase?.isWaiting == true
        let status = RunReading.Status(self.status, endPassed: progress.isExpired, waiting: waiting)
        let told = ToldTime(
            hasPhase: progress.phase != nil, isWaiting: waiting, hasEnd: progress.end != nil,
            endPassed: status == .expired)
        var endsAt: Duration?
        if self.status == .running, status == .running {
            switch told.against {
            case .phase: endsAt = progress.phase.map { now.wall + $0.leftInPhase }
            case .end: endsAt = progress.end.map { now.wall + $0.remaining }
            case .elapsed: endsAt = nil
            }
        }
        return RunReading(
            status: status, elapsed: elapsed(at: now), progress: progress, told: told, endsAt: endsAt)
    }
}
