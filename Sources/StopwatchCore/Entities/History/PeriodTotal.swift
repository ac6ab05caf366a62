/// What the runs booked within a span, and the pomodoros they completed: a report's total
/// (`RunReport.total`, `RunReport.completed`) without its rows.
public struct PeriodTotal: Sendable, Hashable {
    /// The time booked.
    public var booked: Duration
    /// The phases of the counted label completed (pomodoros).
    public var completed: Int
    /// The runs counted that reach past a moment asked for (`TotalsKey.reaching`), as an
    /// `OverlapTally` counts them: those a run in progress begun then may share moments with.
    public var reaching: [OverlapTally.Piece]

    /// A total of `booked` and `completed` (nothing by default), with the runs `reaching` on.
    public init(booked: Duration = .zero, completed: Int = 0, reaching: [OverlapTally.Piece] = []) {
        self.booked = booked
        self.completed = completed
        self.reaching = reaching
    }
}
