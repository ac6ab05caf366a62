import StopwatchCore

/// The time `stamp` puts before each line, and the summary it writes at the end.
public struct StampPrefix: Sendable {
    public enum Format: Sendable, Hashable {
        /// `01:02.345678`, `1:01:02.345678` from an hour on.
        case human
        /// Whole milliseconds.
        case milliseconds
        /// Seconds with six decimals: `62.345678`.
        case seconds
        /// Whole microseconds.
        case microseconds
    }

    private let format: Format
    private let durations: DurationTextMapper

    public init(format: Format, durations: DurationTextMapper) {
        self.format = format
        self.durations = durations
    }

    /// The prefix for a line stamped `elapsed`, with the space that separates it from the line.
    public func text(_ elapsed: Duration) -> String {
        let time =
            switch format {
            case .human: durations.clock(elapsed, fractionDigits: 6)
            case .milliseconds: String(durations.milliseconds(elapsed))
            case .seconds: durations.preciseSeconds(elapsed)
            case .microseconds: String(durations.microseconds(elapsed))
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
            text += "; between lines: min \(clock(gaps.minimum)), max \(clock(gaps.maximum)), "
                + "mean \(clock(gaps.mean)), median \(clock(gaps.median))"
        }
        return text + "\n"
    }
}
