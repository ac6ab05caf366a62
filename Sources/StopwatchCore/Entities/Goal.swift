/// What a person means to do in a day or a week: so much time booked, so many pomodoros
/// completed, or both (`stopwatch goal`).
public struct Goal: Sendable, Hashable {
    /// The span a goal is for: a local day, or an ISO week (from Monday), as `report` splits them.
    public enum Period: String, Sendable, Hashable, CaseIterable {
        /// A local day.
        case day
        /// An ISO 8601 week, from Monday.
        case week
    }

    /// The time to book; nil for none.
    public var time: Duration?
    /// The phases labelled `work` to complete (`RunReport.completed`); nil for none.
    public var count: Int?

    /// A goal of `time` and `count` (none of either when nil).
    public init(time: Duration? = nil, count: Int? = nil) {
        self.time = time
        self.count = count
    }

    /// Whether it asks for nothing.
    public var isEmpty: Bool { time == nil && count == nil }

    /// A goal's time as a person writes it, in hours, minutes and seconds, never days (a week's
    /// thirty hours is `30h`, not `1d6h`); what `DurationSyntax` reads back.
    public static func text(of time: Duration) -> String {
        let seconds = time.wholeMicroseconds / 1_000_000
        var text = ""
        if seconds >= 3600 { text += String(seconds / 3600) + "h" }
        if seconds / 60 % 60 > 0 { text += String(seconds / 60 % 60) + "m" }
        if seconds % 60 > 0 { text += String(seconds % 60) + "s" }
        return text.isEmpty ? DurationSyntax.format(time) : text
    }

    /// The most pomodoros a goal asks for: a hundred a day is already more than a day holds.
    public static let maximumCount = 10_000

    /// The most time a goal of `period` can ask for: the period itself (24 hours, 168 hours).
    public static func maximumTime(_ period: Period) -> Duration {
        period == .day ? .seconds(24 * 3600) : .seconds(7 * 24 * 3600)
    }
}

/// The goals for a day and for a week, as they are kept.
public struct Goals: Sendable, Hashable {
    /// The day's goal.
    public var day: Goal
    /// The week's goal.
    public var week: Goal

    /// A day's and a week's goals (none by default).
    public init(day: Goal = Goal(), week: Goal = Goal()) {
        self.day = day
        self.week = week
    }

    /// The goal of `period`.
    public subscript(period: Goal.Period) -> Goal {
        get { period == .day ? day : week }
        set {
            if period == .day { day = newValue } else { week = newValue }
        }
    }
}
