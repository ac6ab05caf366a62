/// A stopwatch's whole lap history with its statistics, ready to show.
public struct LapsViewState: Sendable, Hashable {
    public var name: String
    public var laps: [LapViewState]
    /// Nil when there are no laps.
    public var statistics: LapStatisticsViewState?
}

/// Count, minimum, maximum, mean and median of the lap times.
public struct LapStatisticsViewState: Sendable, Hashable {
    public var count: Int
    public var minimum: DurationViewState
    public var maximum: DurationViewState
    public var mean: DurationViewState
    public var median: DurationViewState
}
