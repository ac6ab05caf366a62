import StopwatchCore

/// The time `stamp` puts before each line, and the summary it writes at the end.
public struct StampPrefix: Sendable {
    /// Its raw value is the word `--format` takes.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// `01:02.345678`, `1:01:02.345678` from an hour on.
        case human
        /// Whole milliseconds.
        case milliseconds = "ms"
        /// Seconds with six decimals: `62.345678`.
        case seconds = "s"
        /// Whole microseconds.
        case microseconds = "us"
        /// The local time of day the line arrived: `14:05:01.123456`.
        case clock
        /// The wall-clock time the line arrived, RFC 3339 with the local UTC offset:
        /// `2026-11-23T14:05:01.123456+01:00`.
        case iso

        /// True for the formats that print when a line arrived rather than how long after.
        public var isWallClock: Bool { self == .clock || self == .iso }
    }

    private let format: Format
    private let durations: DurationTextMapper
    private let timeZone: any LocalTimeZone

    public init(format: Format, durations: DurationTextMapper, timeZone: any LocalTimeZone) {
        self.format = format
        self.durations = durations
        self.timeZone = timeZone
    }

    /// The prefix for a line that arrived `elapsed` after the reference line, at `wall` on the
    /// wall clock, with the space that separates it from the line.
    public func text(elapsed: Duration, wall: Duration) -> String {
        let time =
            switch format {
            case .human: durations.clock(elapsed, fractionDigits: 6)
            case .milliseconds: String(durations.milliseconds(elapsed))
            case .seconds: durations.preciseSeconds(elapsed)
            case .microseconds: String(durations.microseconds(elapsed))
            case .clock: RFC3339Timestamp.timeOfDay(wall + timeZone.offset(at: wall))
            case .iso: RFC3339Timestamp.string(from: wall, offset: timeZone.offset(at: wall))
            }
        return time + " "
    }

    /// `stamp: 3 lines in 00:01.500000; between lines: min …, max …, mean …, median …`, with the
    /// times in the human format whatever the prefix's.
    public func summary(lines: Int, total: Duration, gaps: DurationStatistics?) -> String {
        let clock = { (duration: Duration) in durations.clock(duration, fractionDigits: 6) }
        var text = "stamp: \(lines) line" + (lines == 1 ? "" : "s")
        if lines > 0 { text += " in \(clock(total))" }
        if let gaps {
            text +=
                "; between lines: min \(clock(gaps.minimum)), max \(clock(gaps.maximum)), "
                + "mean \(clock(gaps.mean)), median \(clock(gaps.median))"
        }
        return text + "\n"
    }
}
