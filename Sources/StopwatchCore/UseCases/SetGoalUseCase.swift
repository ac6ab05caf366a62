/// Sets, or clears, the goal for a day or a week (`stopwatch goal`): a time, a count of pomodoros,
/// or both; what is not given is kept. Returns the goals as kept.
public struct SetGoalUseCase: Sendable {
    private let goals: any GoalStore

    /// Works through these ports: nothing is read or written until it runs.
    public init(goals: any GoalStore) {
        self.goals = goals
    }

    /// Sets `period`'s time and count where given; with `clear`, takes its goal away first.
    @discardableResult
    public func execute(_ period: Goal.Period, time: Duration?, count: Int?, clear: Bool) throws -> Goals {
        var kept = try goals.read()
        if clear { kept[period] = Goal() }
        if let time { kept[period].time = time }
        if let count { kept[period].count = count }
        try goals.write(kept)
        return kept
    }
}
