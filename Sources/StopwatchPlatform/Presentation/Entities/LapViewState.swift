/// One lap, ready to show.
public struct LapViewState: Sendable, Hashable {
    public var number: Int
    public var duration: DurationViewState
    public var total: DurationViewState
    public var label: String?
    /// Tied for the shortest lap, among two or more.
    public var isBest: Bool
    /// Tied for the longest lap, among two or more.
    public var isWorst: Bool
    /// RFC 3339 UTC time of the split.
    public var recordedAt: String
}
