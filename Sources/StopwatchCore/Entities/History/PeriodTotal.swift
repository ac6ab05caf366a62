/// What the runs booked within a span, and the pomodoros they completed: a report's total
/// (`RunReport.total`, `RunReport.completed`) without its rows.
public struct PeriodTotal: Sendable, Hashable {
    /// The time booked.
    public var booked: Duration
    /// The phases of the counted label completed (pomodoros).
    public var completed: Int
    /// The end of the latest run's time counted within the span (zero for none): a run that
    /// begins later overlaps none of those counted (`OverlapTally`).
    public var coveredUntil: Duration

    /// A total of `booked` and `completed` (nothing by default), of runs counted up to `coveredUntil`.
    public init(booked: Duration = .zero, completed: Int = 0, coveredUntil: Duration = .zero) {
        self.booked = booked
        self.completed = completed
        self.coveredUntil = coveredUntil
    }
}
