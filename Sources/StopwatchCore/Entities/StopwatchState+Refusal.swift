extension StopwatchState {
    /// Why `operation` does not apply to it at `now` (the reason `StopwatchError.notApplicable`
    /// stands for): the one place a refusal's reason is read from the plan.
    public func refusal(of operation: StopwatchOperation, at now: TimeReading) -> Refusal {
        let isCycle = self.isCycle
        switch (operation, status) {
        case (.start, .running), (.pause, .running):
            return isExpired(at: now) ? .expired : .running
        case (.start, _), (.pause, .paused), (.lap, .paused), (.recordRun, _):
            return .paused
        case (.resume, .running):
            return .running
        case (.pause, _), (.resume, _), (.lap, _):
            return .notStarted
        case (.createCountdown, _):
            return isCountdown ? .timeLeft : .otherPlan
        case (.createCycle, _):
            return isCycle ? .cycleInUse : .otherPlan
        case (.wait, _):
            return isCycle ? .repeatsUntilStopped : .noEnd
        case (.addTime, _):
            return isCycle ? .lastPhaseEnded : .nothingToExtend
        case (.dismiss, _):
            return hasEnd ? .notExpired : .noEnd
        case (.next, .initial) where isCycle:
            return .notStarted
        case (.next, _), (.waitForEdge, _):
            return isCycle ? .lastPhaseEnded : .notACycle(hasEnd: hasEnd)
        }
    }
}
