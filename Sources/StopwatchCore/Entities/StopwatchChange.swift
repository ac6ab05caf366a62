/// What one command commits for one stopwatch: its new state and, for `lap`, the lap to append;
/// for a change that ends a run, the run to record in history.
///
/// A change whose state has no laps (`lapCount == 0`) also clears the stored lap history.
public struct StopwatchChange: Sendable, Hashable {
    public var state: StopwatchState
    public var appendedLap: Lap?
    /// The run this change ended, which the store records with it (`ending(_:at:)`): none for
    /// most changes, at most one. (An array, not an optional: an optional record is a type the
    /// runtime makes at first use, which every `lap` paid for, 20,000 instructions.)
    public var endedRuns: [RunRecord] = []

    public init(state: StopwatchState, appendedLap: Lap? = nil) {
        self.state = state
        self.appendedLap = appendedLap
    }

    /// This change made to `stored` at `now`, carrying the record of the run `stored` held when the
    /// change ends it (the one rule, `StopwatchState.endsRun(by:)`). Every use case that commits
    /// a change passes it through here.
    public func ending(_ stored: StopwatchState?, at now: TimeReading) -> StopwatchChange {
        guard let stored, stored.endsRun(by: state), let run = stored.rebased(at: now).record(endedAt: now) else { return self }
        var change = self
        change.endedRuns = [run]
        return change
    }
}
