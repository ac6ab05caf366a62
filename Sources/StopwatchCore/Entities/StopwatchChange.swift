/// What one command commits for one stopwatch: its new state and, for `lap`, the lap to append;
/// for a change that ends a run, the run to record in history.
///
/// A change whose state has no laps (`lapCount == 0`) also clears the stored lap history.
public struct StopwatchChange: Sendable, Hashable {
    public var state: StopwatchState
    public var appendedLap: Lap?
    /// The run this change ended, which the store records with it
    /// (`StopwatchState.endedRun(by:at:)`, set by `StopwatchTransition`); nil for most changes.
    public var endedRun: RunRecord?

    public init(state: StopwatchState, appendedLap: Lap? = nil) {
        self.state = state
        self.appendedLap = appendedLap
    }

    /// This change made to `stored` at `now`, carrying the record of the run `stored` held when the
    /// change ends it (the one rule, `StopwatchState.endedRun(by:at:)`). Every use case that
    /// commits a change passes it through here.
    public func ending(_ stored: StopwatchState?, at now: TimeReading) -> StopwatchChange {
        var change = self
        change.endedRun = stored?.rebased(at: now).endedRun(by: state, at: now)
        return change
    }
}
