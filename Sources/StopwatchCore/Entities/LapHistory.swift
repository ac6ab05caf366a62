/// All laps of one stopwatch, in the order they were recorded.
public struct LapHistory: Sendable, Hashable {
    public var name: StopwatchName
    public var laps: [Lap]

    public init(name: StopwatchName, laps: [Lap] = []) {
        self.name = name
        self.laps = laps
    }
}
