/// Turns durations into the text the tool shows, always truncating, never rounding, so a display
/// that is read twice never appears to go backwards.
public struct DurationTextMapper: Sendable {
    public init() {}

    /// `MM:SS.cc` under an hour, `H:MM:SS.cc` from an hour on (hours unbounded); negatives show as zero.
    public func clock(_ duration: Duration) -> String {
        clock(duration, fractionDigits: 2)
    }

    /// Like `clock(_:)` with `fractionDigits` (1 to 6) digits after the seconds; `paddedMinutes`
    /// false drops the leading zero of the minutes under an hour (`1:02.34`, `0:05.12`).
    public func clock(_ duration: Duration, fractionDigits: Int, paddedMinutes: Bool = true) -> String {
        let micros = max(0, duration.wholeMicroseconds)
        let totalSeconds = micros / 1_000_000
        let hours = totalSeconds / 3600
        let minutes = totalSeconds / 60 % 60
        let seconds = totalSeconds % 60
        let fraction = pad(micros % 1_000_000, 6).prefix(fractionDigits)
        let head = hours > 0 ? "\(hours):\(pad(minutes, 2))" : paddedMinutes ? pad(minutes, 2) : String(minutes)
        return "\(head):\(pad(seconds, 2)).\(fraction)"
    }

    /// Whole milliseconds, truncated.
    public func milliseconds(_ duration: Duration) -> Int64 {
        max(0, duration.wholeMilliseconds)
    }

    /// Whole microseconds, truncated.
    public func microseconds(_ duration: Duration) -> Int64 {
        max(0, duration.wholeMicroseconds)
    }

    /// Seconds with three decimals, truncated: `62.345`.
    public func seconds(_ duration: Duration) -> String {
        let millis = milliseconds(duration)
        return "\(millis / 1000).\(pad(millis % 1000, 3))"
    }

    /// Seconds with six decimals, truncated: `62.345678`.
    public func preciseSeconds(_ duration: Duration) -> String {
        let micros = microseconds(duration)
        return "\(micros / 1_000_000).\(pad(micros % 1_000_000, 6))"
    }

    /// The duration in every form a view may need.
    public func viewState(_ duration: Duration) -> DurationViewState {
        DurationViewState(
            clock: clock(duration),
            seconds: seconds(duration),
            milliseconds: milliseconds(duration),
            microseconds: microseconds(duration)
        )
    }

    private func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
