/// One duration, ready to show: human clock text and the truncated machine figures.
public struct DurationViewState: Sendable, Hashable {
    /// `MM:SS.cc` or `H:MM:SS.cc`.
    public var clock: String
    /// Seconds with three decimals.
    public var seconds: String
    public var milliseconds: Int64
    public var microseconds: Int64
}
