/// What `today` and its bars show: how today and this week stand against their goals, and the
/// stopwatches in use, of which a bar shows one beside them.
public struct TodaySummary: Sendable, Hashable {
    /// Today against its goal.
    public var day: GoalProgress
    /// This week against its goal.
    public var week: GoalProgress
    /// The stopwatches running, paused or expired, by name. Which one a bar shows is the list
    /// bars' rule, by how each reads at `now` (the Platform's `StopwatchViewState.mostPressing`).
    public var inUse: [StopwatchState]
    /// When it was read: the time of the runs in progress, and of `inUse`.
    public var now: TimeReading

    /// A summary of these parts, read at `now`.
    public init(day: GoalProgress, week: GoalProgress, inUse: [StopwatchState], now: TimeReading) {
        self.day = day
        self.week = week
        self.inUse = inUse
        self.now = now
    }

    /// Nothing yet: before it was read.
    public static let empty = TodaySummary(
        day: GoalProgress(period: .day, total: PeriodTotal(), goal: Goal()),
        week: GoalProgress(period: .week, total: PeriodTotal(), goal: Goal()),
        inUse: [], now: TimeReading(wall: .zero, boot: .zero, bootSession: BootSession(""))
    )
}
