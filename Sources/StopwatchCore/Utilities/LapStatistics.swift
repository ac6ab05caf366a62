/// Count, extremes, mean and median of a list of laps, and which laps are best and worst.
///
/// Best and worst are judged on the laps' durations as they are shown: truncated to `resolution`
/// (a hundredth of a second on screen), so two laps that read the same are marked the same. Every
/// lap tied for the shortest (or longest) is marked; when every lap reads the same (one lap
/// included), none is best or worst, so no lap is ever both.
public struct LapStatistics: Sendable, Hashable {
    /// How many laps.
    public var count: Int
    /// The shortest lap's duration.
    public var minimum: Duration
    /// The longest lap's duration.
    public var maximum: Duration
    /// Their mean.
    public var mean: Duration
    /// Their median (the mean of the middle two for an even count).
    public var median: Duration
    /// The numbers of the laps tied for the shortest, as shown; empty when every lap reads the same.
    public var bestLapNumbers: Set<Int>
    /// The numbers of the laps tied for the longest, as `bestLapNumbers`.
    public var worstLapNumbers: Set<Int>

    /// Returns nil for an empty list.
    public init?(_ laps: [Lap], resolution: Duration = .zero) {
        guard let durations = DurationStatistics(laps.map(\.duration)) else { return nil }
        let (minimum, maximum) = (durations.minimum, durations.maximum)
        count = durations.count
        self.minimum = minimum
        self.maximum = maximum
        mean = durations.mean
        median = durations.median
        let unit = max(1, resolution.attoseconds)
        func shown(_ duration: Duration) -> Int128 { duration.attoseconds / unit }
        let (shortest, longest) = (shown(minimum), shown(maximum))
        if shortest != longest {
            bestLapNumbers = Set(laps.filter { shown($0.duration) == shortest }.map(\.number))
            worstLapNumbers = Set(laps.filter { shown($0.duration) == longest }.map(\.number))
        } else {
            bestLapNumbers = []
            worstLapNumbers = []
        }
    }
}
