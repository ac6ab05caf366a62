/// What `today` and its bars show: how today and this week stand against their goals, and the
/// stopwatch to show beside them.
public struct TodaySummary: Sendable, Hashable {
    public var day: GoalProgress
    public var week: GoalProgress
    /// The first stopwatch running (a cycle waiting for `next` among them), else the first paused
    /// (by name); nil for none.
    public var active: StopwatchState?
    /// When it was read: the time of the runs in progress, and of `active`.
    public var now: TimeReading

    public init(day: GoalProgress, week: GoalProgress, active: StopwatchState?, now: TimeReading) {
        self.day = day
        self.week = week
        self.active = active
        self.now = now
    }

    /// Nothing yet: before it was read.
    public static let empty = TodaySummary(
        day: GoalProgress(period: .day, total: PeriodTotal(), goal: Goal()),
        week: GoalProgress(period: .week, total: PeriodTotal(), goal: Goal()),
        active: nil, now: TimeReading(wall: .zero, boot: .zero, bootSession: BootSession(""))
    )
}
