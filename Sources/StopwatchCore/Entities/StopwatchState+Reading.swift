extension StopwatchState {
    /// The run at `now`: the one reading every surface renders (`RunReading`).
    public func reading(at now: TimeReading) -> RunReading {
        let progress = progress(at: now)
        let waiting = progress.phase?.isWaiting == true
        let status = RunReading.Status(self.status, endPassed: progress.isExpired, waiting: waiting)
        let told = ToldTime(
            hasPhase: progress.phase != nil, isWaiting: waiting, hasEnd: progress.end != nil,
            endPassed: status == .expired)
        return RunReading(status: status, elapsed: elapsed(at: now), progress: progress, told: told)
    }
}
