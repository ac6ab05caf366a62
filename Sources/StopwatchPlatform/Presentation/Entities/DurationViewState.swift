/// One duration, ready to show: the figures each surface needs, all truncated, and the clock text
/// made from them when asked.
///
/// Only numbers are kept. A live view maps a duration every 10 ms and compares it with the last;
/// its line writes the clock's digits straight into its bytes (`appendClock(to:)`), so a tick
/// makes no string and compares none.
public struct DurationViewState: Sendable, Hashable {
    /// What the clock shows, in whole hundredths of a second, truncated (for a countdown's time
    /// left, by the rule of `DurationTextMapper.left`).
    public var centiseconds: Int64
    public var milliseconds: Int64
    public var microseconds: Int64

    public static let zero = DurationViewState(centiseconds: 0, milliseconds: 0, microseconds: 0)

    public init(centiseconds: Int64, milliseconds: Int64, microseconds: Int64) {
        self.centiseconds = centiseconds
        self.milliseconds = milliseconds
        self.microseconds = microseconds
    }

    /// `MM:SS.cc` or `H:MM:SS.cc`.
    public var clock: String {
        DurationTextMapper.clock(microseconds: centiseconds * 10_000, fractionDigits: 2)
    }

    /// `clock` appended to `bytes` as UTF-8.
    func appendClock(to bytes: inout [UInt8]) {
        DurationTextMapper.appendClock(microseconds: centiseconds * 10_000, fractionDigits: 2, to: &bytes)
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
