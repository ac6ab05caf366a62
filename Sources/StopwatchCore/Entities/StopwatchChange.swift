/// What one command commits for one stopwatch: its new state and, for `lap`, the lap to append.
///
/// A change whose state has no laps (`lapCount == 0`) also clears the stored lap history.
public struct StopwatchChange: Sendable, Hashable {
    public var state: StopwatchState
    public var appendedLap: Lap?

    public init(state: StopwatchState, appendedLap: Lap? = nil) {
        self.state = state
        self.appendedLap = appendedLap
    }
}
