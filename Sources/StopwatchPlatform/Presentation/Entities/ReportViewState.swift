import StopwatchCore

/// What `report` shows: a row a group, its keys as text, and the total.
public struct ReportViewState: Sendable, Hashable {
    public struct Row: Sendable, Hashable {
        /// One a grouping: `2026-11-25`, `2026-W48`, `2026-11`, a name.
        public var keys: [String]
        public var elapsed: DurationViewState
        /// Decimal hours, truncated to hundredths: `1.25`.
        public var hours: String
        public var runs: Int
        /// Phases labelled `counted` completed (`RunReport.Row.completed`).
        public var completed: Int
        /// The day of its first key when that is a day (`CivilDate.dayNumber`), for a calendar.
        public var day: Int64? = nil
    }

    /// The groupings' words, in order: `day`, `week`, `month`, `name`.
    public var grouping: [String]
    public var rows: [Row]
    /// The keys left empty.
    public var total: Row
    /// The label whose completed phases `completed` counts: `work` unless told another.
    public var counted: String
    public var damaged: [DamagedLine]
    /// The local day the report was made on (`RunReport.today`).
    public var today: Int64? = nil
}
