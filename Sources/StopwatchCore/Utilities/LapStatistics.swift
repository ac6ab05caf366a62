/// Count, extremes, mean and median of a list of laps, and which laps are best and worst.
///
/// Best and worst are judged on the laps' durations as they are shown: truncated to `resolution`
/// (a hundredth of a second on screen), so two laps that read the same are marked the same. Every
/// lap tied for the shortest (or longest) is marked; when every lap reads the same (one lap
/// included), none is best or worst, so no lap is ever both.
public struct LapStatistics: Sendable, Hashable {
    public var count: Int
    public var minimum: Duration
    public var maximum: Duration
    public var mean: Duration
    public var median: Duration
    public var bestLapNumbers: Set<Int>
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
