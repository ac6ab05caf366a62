/// One duration, ready to show: human clock text and the truncated machine figures.
public struct DurationViewState: Sendable, Hashable {
    /// `MM:SS.cc` or `H:MM:SS.cc`.
    public var clock: String
    public var milliseconds: Int64
    public var microseconds: Int64

    public init(clock: String, milliseconds: Int64, microseconds: Int64) {
        self.clock = clock
        self.milliseconds = milliseconds
        self.microseconds = microseconds
    }

    /// Seconds with three decimals, `62.345`: `milliseconds` written out, made only when asked
    /// (a live view maps a duration every 10 ms and never shows this).
    public var seconds: String {
        Self.seconds(milliseconds: milliseconds)
    }

    /// `62.345` for 62,345 ms; negatives show as zero.
    static func seconds(milliseconds: Int64) -> String {
        let millis = max(0, milliseconds)
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.utf8.count) + fraction
    }
}
