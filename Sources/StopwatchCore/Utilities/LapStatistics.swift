/// Count, extremes, mean and median of a list of laps, and which laps are best and worst.
///
/// Best and worst are marked only once there are two or more laps; every lap tied for the shortest
/// (or longest) time is marked.
public struct LapStatistics: Sendable, Hashable {
    public var count: Int
    public var minimum: Duration
    public var maximum: Duration
    public var mean: Duration
    public var median: Duration
    public var bestLapNumbers: Set<Int>
    public var worstLapNumbers: Set<Int>

    /// Returns nil for an empty list.
    public init?(_ laps: [Lap]) {
        guard let durations = DurationStatistics(laps.map(\.duration)) else { return nil }
        let (minimum, maximum) = (durations.minimum, durations.maximum)
        count = durations.count
        self.minimum = minimum
        self.maximum = maximum
        mean = durations.mean
        median = durations.median
        if laps.count >= 2 {
            bestLapNumbers = Set(laps.filter { $0.duration == minimum }.map(\.number))
            worstLapNumbers = Set(laps.filter { $0.duration == maximum }.map(\.number))
        } else {
            bestLapNumbers = []
            worstLapNumbers = []
        }
    }
}
