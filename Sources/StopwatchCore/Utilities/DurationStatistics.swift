/// Count, extremes, mean and median of a list of durations: of laps, or of the gaps between lines
/// that `stamp` measures.
public struct DurationStatistics: Sendable, Hashable {
    /// How many durations.
    public var count: Int
    /// The shortest.
    public var minimum: Duration
    /// The longest.
    public var maximum: Duration
    /// Truncated toward zero.
    public var mean: Duration
    /// The middle value, or the mean of the two middle values (truncated) for an even count.
    public var median: Duration

    /// Returns nil for an empty list.
    public init?(_ durations: [Duration]) {
        guard !durations.isEmpty else { return nil }
        let sorted = durations.sorted()
        count = sorted.count
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        mean = sorted.reduce(.zero, +) / sorted.count
        let middle = sorted.count / 2
        median = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
