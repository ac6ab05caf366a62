/// Turns durations into the text the tool shows, always truncating, never rounding, so a display
/// that is read twice never appears to go backwards.
public struct DurationTextMapper: Sendable {
    public init() {}

    /// `MM:SS.cc` under an hour, `H:MM:SS.cc` from an hour on (hours unbounded); negatives show as zero.
    public func clock(_ duration: Duration) -> String {
        clock(duration, fractionDigits: 2)
    }

    /// Like `clock(_:)` with `fractionDigits` (1 to 6) digits after the seconds.
    public func clock(_ duration: Duration, fractionDigits: Int) -> String {
        Self.clock(microseconds: duration.wholeMicroseconds, fractionDigits: fractionDigits)
    }

    /// The clock text of `microseconds`, the one rule every clock follows: the string is made as
    /// long as it will be, its digits written straight into its bytes (up to 15 bytes, Swift
    /// keeps it inline, without an allocation).
    static func clock(microseconds: Int64, fractionDigits: Int) -> String {
        let clock = Clock(microseconds: microseconds, fractionDigits: fractionDigits)
        return String(unsafeUninitializedCapacity: clock.length) { clock.write(into: $0) }
    }

    /// `clock(microseconds:fractionDigits:)` appended to `bytes` as UTF-8, without a string on
    /// the way: the live line puts one in every 10 ms.
    static func appendClock(microseconds: Int64, fractionDigits: Int, to bytes: inout [UInt8]) {
        let clock = Clock(microseconds: microseconds, fractionDigits: fractionDigits)
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: clock.length))
        bytes.withUnsafeMutableBufferPointer { buffer in
            _ = clock.write(into: UnsafeMutableBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// The figures of one clock text and how long it is.
    private struct Clock {
        let hours: Int64
        let hourDigits: Int
        let totalSeconds: Int64
        let fraction: Int64
        let fractionDigits: Int

        init(microseconds: Int64, fractionDigits: Int) {
            let micros = max(0, microseconds)
            totalSeconds = micros / 1_000_000
            hours = totalSeconds / 3600
            self.fractionDigits = min(6, max(1, fractionDigits))
            var digits = 0
            var rest = hours
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            hourDigits = digits
            var fraction = micros % 1_000_000
            for _ in self.fractionDigits..<6 { fraction /= 10 }
            self.fraction = fraction
        }

        /// `H…:`, `MM:SS.`, the fraction.
        var length: Int { (hourDigits > 0 ? hourDigits + 1 : 0) + 6 + fractionDigits }

        /// Writes the text at the start of `bytes`, which holds at least `length`; returns `length`.
        func write(into bytes: UnsafeMutableBufferPointer<UInt8>) -> Int {
            var count = 0
            func put(_ value: Int64, width: Int) {
                var divisor: Int64 = 1
                for _ in 1..<width { divisor *= 10 }
                while divisor > 0 {
                    bytes[count] = UInt8(truncatingIfNeeded: 48 + value / divisor % 10)
                    count += 1
                    divisor /= 10
                }
            }
            if hours > 0 {
                put(hours, width: hourDigits)
                bytes[count] = UInt8(ascii: ":")
                count += 1
            }
            put(totalSeconds / 60 % 60, width: 2)
            bytes[count] = UInt8(ascii: ":")
            count += 1
            put(totalSeconds % 60, width: 2)
            bytes[count] = UInt8(ascii: ".")
            count += 1
            put(fraction, width: fractionDigits)
            return count
        }
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
        DurationViewState.seconds(milliseconds: milliseconds(duration))
    }

    /// Seconds with six decimals, truncated: `62.345678`.
    public func preciseSeconds(_ duration: Duration) -> String {
        let micros = microseconds(duration)
        return "\(micros / 1_000_000).\(pad(micros % 1_000_000, 6))"
    }

    /// The finest time a person is shown (`MM:SS.cc`): what laps are judged best and worst at,
    /// so two laps that read the same are marked alike.
    public static let shownResolution = Duration.milliseconds(10)

    /// A countdown's time left in every form a view may need, each by the one rule (`left`).
    public func remainingViewState(duration: Duration, elapsed: Duration) -> DurationViewState {
        let (whole, spent) = (microseconds(duration), microseconds(elapsed))
        return DurationViewState(
            centiseconds: Self.left(duration: whole, elapsed: spent, unit: 10_000),
            milliseconds: Self.left(duration: whole, elapsed: spent, unit: 1_000),
            microseconds: Self.left(duration: whole, elapsed: spent, unit: 1)
        )
    }

    /// The rule for a countdown's time left, at every precision: the duration less the elapsed
    /// time truncated to `unit`, itself truncated (the duration's whole units less the elapsed
    /// time's), never below zero; in `unit`s, from microseconds. So the time left and the elapsed
    /// time shown at one precision always add up to the duration shown, a countdown shows its full
    /// duration until a whole unit has passed, and the title, the bars and the line agree at
    /// every instant.
    public static func left(duration: Int64, elapsed: Int64, unit: Int64) -> Int64 {
        max(0, max(0, duration) / unit - max(0, elapsed) / unit)
    }

    /// The share of a countdown's duration elapsed, in thousandths, truncated, counting the
    /// elapsed time truncated to `unit` (the precision of the time shown beside it): 1000 once
    /// expired. Its percent is this over 10, so a bar's `percentage` and the live line's `50%`
    /// follow one rule.
    public static func permille(duration: Int64, elapsed: Int64, unit: Int64, isExpired: Bool) -> Int {
        guard !isExpired else { return 1000 }
        let spent = Int128(max(0, elapsed) / unit * unit)
        return Int(min(1000, spent * 1000 / Int128(max(1, duration))))
    }

    /// The duration in every form a view may need.
    public func viewState(_ duration: Duration) -> DurationViewState {
        DurationViewState(
            centiseconds: microseconds(duration) / 10_000,
            milliseconds: milliseconds(duration),
            microseconds: microseconds(duration)
        )
    }

    private func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
