extension Duration {
    /// Whole microseconds, truncated toward zero.
    public var wholeMicroseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    /// Whole milliseconds, truncated toward zero.
    public var wholeMilliseconds: Int64 {
        wholeMicroseconds / 1_000
    }
}
