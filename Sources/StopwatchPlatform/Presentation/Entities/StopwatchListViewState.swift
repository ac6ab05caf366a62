/// Every stored stopwatch that could be read, ready to show.
public struct StopwatchListViewState: Sendable, Hashable {
    public var stopwatches: [StopwatchViewState]
}
