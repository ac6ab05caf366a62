/// What one command commits for one stopwatch: its new state and, for `lap`, the lap to append;
/// for a change that ends a run (or that `undo` can take back), the change to history committed
/// with it.
///
/// A change whose state has no laps (`lapCount == 0`) also clears the stored lap history.
public struct StopwatchChange: Sendable, Hashable {
    /// The stopwatch as the change leaves it.
    public var state: StopwatchState
    /// The lap `lap` recorded, appended with it; nil for any other change.
    public var appendedLap: Lap?
    /// The change to history committed with it, first (`ending(_:at:as:)`): none for most
    /// changes, at most one. (An array, not an optional: an optional is a type the runtime makes
    /// at first use, which every `lap` paid for.)
    public var recorded: [HistoryChange] = []

    /// A change to `state`, appending `appendedLap` if any, nothing recorded in history.
    public init(state: StopwatchState, appendedLap: Lap? = nil) {
        self.state = state
        self.appendedLap = appendedLap
    }

    /// This change made to `stored` at `now`, carrying, when it ends the run `stored` held (the one
    /// rule, `StopwatchState.endsRun(by:)`), `change` with that run's record and the stopwatch as
    /// it was and as it is left, so that `undo` can put it back. Every use case that commits a
    /// change passes it through here.
    public func ending(_ stored: StopwatchState?, at now: TimeReading, as change: @autoclosure () -> HistoryChange)
        -> StopwatchChange
    {
        guard let stored, stored.endsRun(by: state), let run = stored.rebased(at: now).record(endedAt: now) else {
            return self
        }
        var ending = self
        var recorded = change()
        recorded.events = [.stopwatch(before: stored, after: state), .run(run)]
        ending.recorded = [recorded]
        return ending
    }
}
