import StopwatchCore

/// What a view shows of one run in history: one row of `history`, one object of its JSON.
public struct RunViewState: Sendable, Hashable {
    /// Its id, 32 hex digits, and as a table shows it: the first 8, more where two runs share them.
    public var id: String
    public var shortID: String
    public var name: String
    public var kind: PlanKind
    /// The plan as a person reads it: `stopwatch`, `countdown 25:00`, `cycle work 25:00, break 05:00 x4`.
    public var plan: String
    /// RFC 3339 with the UTC offset the local zone has at that instant: `2026-11-25T09:15:00.123456+01:00`.
    public var start: String
    public var end: String
    /// In UTC to the second, ISO 8601's basic form, as Timewarrior and iCalendar write an instant
    /// (`20261125T081500Z`): its start, its end, and the end its booked time gives (its start
    /// and the time it counted, which Timewarrior, having no pauses, keeps); nil ends while it runs.
    public var utcStart: String
    public var utcEnd: String?
    public var utcBookedEnd: String?
    /// The local start and end a table shows, to the second: `2026-11-25 09:15:00`.
    public var localStart: String
    public var localEnd: String
    /// The time it booked; past a countdown's zero or a cycle's end, its `overtime`, apart.
    public var elapsed: DurationViewState
    public var overtime: DurationViewState
    public var isEstimated: Bool
    public var lapCount: Int
    public var phasesEnded: Int
    /// A cycle's first phases (`PhaseSequence.itemizedPhases`), planned against actual; empty otherwise.
    public var phases: [PhaseTimeViewState]
    public var tags: [String]
    /// `ended`; `expired` for a countdown that reached zero, or a cycle its end; `running` or
    /// `paused` for a run in progress short of that (its end the time it was read).
    public var status: String
    /// Corrected on two machines before either saw the other's correction
    /// (`RunRecord.isConflicted`): the later correction stands.
    public var isConflicted = false
    /// The machine that recorded it (`RunRecord.machine`), or that runs it now when another does.
    public var machine: String?
    /// Its name as a table shows it: with the machine's when another machine recorded it
    /// (`work @desktop`), so two runs of one name are told apart.
    public var shownName: String = ""
    /// How long the machine slept while it counted, and whether its time kept that
    /// (`RunRecord.away`).
    public var away = AwayViewState.none
}

/// What `history` shows: the runs, newest first, and how many lines of history could not be read.
public struct HistoryViewState: Sendable, Hashable {
    public var runs: [RunViewState]
    public var damaged: [DamagedLine]
    /// How many runs history keeps, whatever was asked for (`RunHistory.kept`).
    public var kept = 0
}
