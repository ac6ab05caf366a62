import StopwatchCore

/// What `today` shows: today's and this week's time and pomodoros against their goals, and the
/// stopwatch its bars show beside them.
public struct TodayViewState: Sendable, Hashable {
    /// A day or a week.
    public struct Period: Sendable, Hashable {
        /// `today` or `week`.
        public var word: String
        public var booked: DurationViewState
        /// The pomodoros completed: `work` phases run their whole length (`RunReport.completed`).
        public var completed: Int
        /// The time goal, as `goal` takes it back (`6h`); nil for none.
        public var goalTime: String?
        /// The time goal in microseconds, for its time left at each precision.
        public var goalMicroseconds: Int64?
        public var goalCount: Int?
        /// The time goal less the time booked, by a countdown's rule (`DurationTextMapper.left`).
        public var timeLeft: DurationViewState?
        public var countLeft: Int?
        /// Of the time goal, else the count's, 0 to 100; nil without a goal.
        public var percent: Int?
        public var isReached: Bool

        /// `6h and 8 pomodoros`, `6h`, `8 pomodoros`; empty for no goal.
        public var goalText: String {
            var parts: [String] = []
            if let goalTime { parts.append(goalTime) }
            if let goalCount { parts.append(TodayViewState.pomodoros(goalCount)) }
            return parts.joined(with: " and ")
        }
    }

    public var day: Period
    public var week: Period

    /// `1 pomodoro`, `4 pomodoros`.
    static func pomodoros(_ count: Int) -> String {
        String(count) + " pomodoro" + (count == 1 ? "" : "s")
    }
    /// The stopwatch shown beside them, the one `list --format` shows (`StopwatchViewState.pressing`);
    /// nil for none.
    public var timer: StopwatchViewState?
}
