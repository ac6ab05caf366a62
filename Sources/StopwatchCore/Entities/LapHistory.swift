/// All laps of one stopwatch, in the order they were recorded.
public struct LapHistory: Sendable, Hashable {
    /// The stopwatch's name.
    public var name: StopwatchName
    /// Its laps, the first first.
    public var laps: [Lap]

    /// `name`'s `laps`.
    public init(name: StopwatchName, laps: [Lap] = []) {
        self.name = name
        self.laps = laps
    }
}
