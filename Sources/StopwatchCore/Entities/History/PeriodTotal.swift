/// What the runs booked within a span, and the pomodoros they completed: a report's total
/// (`RunReport.total`, `RunReport.completed`) without its rows.
public struct PeriodTotal: Sendable, Hashable {
    public var booked: Duration
    public var completed: Int

    public init(booked: Duration = .zero, completed: Int = 0) {
        self.booked = booked
        self.completed = completed
    }
}
