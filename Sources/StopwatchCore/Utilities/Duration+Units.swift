extension Duration {
    /// Whole microseconds, truncated toward zero, and clamped to the range of `Int64`.
    ///
    /// Durations are 128-bit, so sums and differences of any two readings are exact; only this
    /// conversion could overflow, and it saturates instead, so no figure read from a file or a clock
    /// can trap.
    public var wholeMicroseconds: Int64 {
        let micros = attoseconds / 1_000_000_000_000
        return micros > Int128(Int64.max) ? .max : micros < Int128(Int64.min) ? .min : Int64(micros)
    }

    /// Whole milliseconds, truncated toward zero, and clamped like `wholeMicroseconds`.
    public var wholeMilliseconds: Int64 {
        wholeMicroseconds / 1_000
    }

    /// Whole seconds, truncated toward zero, and clamped like `wholeMicroseconds` (a UTC offset
    /// as history stores it).
    public var wholeSeconds: Int64 {
        wholeMicroseconds / 1_000_000
    }

    /// `microseconds` as a duration, made without the generic arithmetic of `.microseconds(_:)`,
    /// which the runtime looks types up for (a live view's tick calls this).
    public init(wholeMicroseconds microseconds: Int64) {
        self.init(
            secondsComponent: microseconds / 1_000_000,
            attosecondsComponent: microseconds % 1_000_000 * 1_000_000_000_000)
    }

    /// This duration's share `part` of `whole` makes, in whole microseconds, truncated: zero for a
    /// `whole` of none.
    public func scaled(by part: Duration, of whole: Duration) -> Duration {
        let whole = whole.wholeMicroseconds
        guard whole != 0 else { return .zero }
        return Duration(
            wholeMicroseconds: Int64(
                clamping: Int128(wholeMicroseconds) * Int128(part.wholeMicroseconds) / Int128(whole)))
    }
}
