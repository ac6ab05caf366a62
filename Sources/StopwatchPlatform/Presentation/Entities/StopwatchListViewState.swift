/// Every stored stopwatch that could be read, ready to show.
public struct StopwatchListViewState: Sendable, Hashable {
    public var stopwatches: [StopwatchViewState]
    /// How many stored stopwatches could not be read; they are reported as errors.
    public var unreadableCount: Int
    /// How many were left out as neither running nor paused (`stopwatch` alone).
    public var omittedCount: Int

    public init(stopwatches: [StopwatchViewState], unreadableCount: Int = 0, omittedCount: Int = 0) {
        self.stopwatches = stopwatches
        self.unreadableCount = unreadableCount
        self.omittedCount = omittedCount
    }
}
