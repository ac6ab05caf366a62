/// What a person means to do in a day or a week: so much time booked, so many pomodoros
/// completed, or both (`stopwatch goal`).
public struct Goal: Sendable, Hashable {
    /// The span a goal is for: a local day, or an ISO week (from Monday), as `report` splits them.
    public enum Period: String, Sendable, Hashable, CaseIterable {
        case day
        case week
    }

    /// The time to book; nil for none.
    public var time: Duration?
    /// The phases labelled `work` to complete (`RunReport.completed`); nil for none.
    public var count: Int?

    public init(time: Duration? = nil, count: Int? = nil) {
        self.time = time
        self.count = count
    }

    public var isEmpty: Bool { time == nil && count == nil }

    /// A goal's time as a person writes it, in hours, minutes and seconds, never days (a week's
    /// thirty hours is `30h`, not `1d6h`); what `DurationSyntax` reads back.
    public static func text(of time: Duration) -> String {
        let seconds = time.wholeMicroseconds / 1_000_000
        let parts = [(seconds / 3600, "h"), (seconds / 60 % 60, "m"), (seconds % 60, "s")].filter { $0.0 > 0 }
        return parts.isEmpty ? DurationSyntax.format(time) : parts.map { "\($0.0)\($0.1)" }.joined()
    }

    /// The most pomodoros a goal asks for: a hundred a day is already more than a day holds.
    public static let maximumCount = 10_000
}

/// The goals for a day and for a week, as they are kept.
public struct Goals: Sendable, Hashable {
    public var day: Goal
    public var week: Goal

    public init(day: Goal = Goal(), week: Goal = Goal()) {
        self.day = day
        self.week = week
    }

    public subscript(period: Goal.Period) -> Goal {
        get { period == .day ? day : week }
        set {
            if period == .day { day = newValue } else { week = newValue }
        }
    }
}
