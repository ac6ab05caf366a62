/// What the runs booked within a span, and the pomodoros they completed: a report's total
/// (`RunReport.total`, `RunReport.completed`) without its rows.
public struct PeriodTotal: Sendable, Hashable {
    /// The time booked.
    public var booked: Duration
    /// The phases of the counted label completed (pomodoros).
    public var completed: Int

    /// A total of `booked` and `completed` (nothing by default).
    public init(booked: Duration = .zero, completed: Int = 0) {
        self.booked = booked
        self.completed = completed
    }
}
