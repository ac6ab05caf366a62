/// Every stored stopwatch that could be read, ready to show.
public struct StopwatchListViewState: Sendable, Hashable {
    public var stopwatches: [StopwatchViewState]
    /// How many stored stopwatches could not be read; they are reported as errors.
    public var unreadableCount: Int

    public init(stopwatches: [StopwatchViewState], unreadableCount: Int = 0) {
        self.stopwatches = stopwatches
        self.unreadableCount = unreadableCount
    }
}
