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
        /// The share of its goal done, 0 to 100 (`RunReport.goal`); nil without one.
        public var goalPercent: Int? = nil
    }

    /// The groupings' words, in order: `day`, `week`, `month`, `name`.
    public var grouping: [String]
    public var rows: [Row]
    /// The keys left empty.
    public var total: Row
    /// The label whose completed phases `completed` counts: `work` unless told another.
    public var counted: String
    public var damaged: [DamagedLine]
    /// How many runs history keeps, whatever was asked for (`RunReport.kept`).
    public var kept = 0
    /// The local day the report was made on (`RunReport.today`).
    public var today: Int64? = nil
    /// The days of its range with the runs' spans in each, for a timeline (`RunReport.spans`).
    public var timeline: [TimelineDay] = []

    /// A local day and the runs' spans in it, in seconds of its clock from its midnight.
    public struct TimelineDay: Sendable, Hashable {
        /// `Thu 11-26`.
        public var label: String
        public var spans: [(name: String, from: Int64, to: Int64)]

        public static func == (left: TimelineDay, right: TimelineDay) -> Bool {
            left.label == right.label
                && left.spans.elementsEqual(right.spans) { $0.name == $1.name && $0.from == $1.from && $0.to == $1.to }
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(label)
            for span in spans {
                hasher.combine(span.name)
                hasher.combine(span.from)
                hasher.combine(span.to)
            }
        }
    }
}
