extension StopwatchState {
    /// Whether its plan offers `operation` at all, whatever its status now: what lists of names
    /// to complete or suggest ask (`wait` takes runs with an end, `next` and `wait --edge` cycles),
    /// so that they ask no question of the plan's kind. Why one is refused now is `refusal(of:at:)`.
    public func offers(_ operation: StopwatchOperation) -> Bool {
        switch operation {
        case .wait, .dismiss: hasEnd
        case .next, .waitForEdge: isCycle
        case .addTime: isCycle || isCountdown
        case .start, .pause, .resume, .lap, .recordRun, .createCountdown, .createCycle: true
        }
    }
}
