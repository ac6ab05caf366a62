/// How far a day or a week stands: what was booked and completed in it so far, the runs in
/// progress included, against its goal.
public struct GoalProgress: Sendable, Hashable {
    /// The day or the week.
    public var period: Goal.Period
    /// What was booked and completed in it so far.
    public var total: PeriodTotal
    /// The goal in effect for it.
    public var goal: Goal

    /// `period`'s `total` against `goal`.
    public init(period: Goal.Period, total: PeriodTotal, goal: Goal) {
        self.period = period
        self.total = total
        self.goal = goal
    }

    /// The time still to book to reach the time goal (zero once reached); nil without one.
    public var timeLeft: Duration? {
        goal.time.map { max(.zero, $0 - total.booked) }
    }

    /// The pomodoros still to complete (zero once reached); nil without a count goal.
    public var countLeft: Int? {
        goal.count.map { max(0, $0 - total.completed) }
    }

    /// The share of the goal done, in whole percent, truncated and at most 100: of the time goal
    /// when there is one, else of the count; nil without a goal. What a bar's gauge shows.
    public var percent: Int? {
        if let time = goal.time {
            let done = total.booked.wholeMicroseconds
            let target = time.wholeMicroseconds
            return target > 0 ? Int(min(100, Int128(done) * 100 / Int128(target))) : 100
        }
        if let count = goal.count { return count > 0 ? min(100, total.completed * 100 / count) : 100 }
        return nil
    }

    /// Whether every goal it has is reached (false without one).
    public var isReached: Bool {
        !goal.isEmpty && (timeLeft ?? .zero) == .zero && (countLeft ?? 0) == 0
    }
}
