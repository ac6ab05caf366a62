/// Every stored stopwatch that could be read, ready to show.
public struct StopwatchListViewState: Sendable, Hashable {
    public var stopwatches: [StopwatchViewState]
    /// How many stored stopwatches could not be read; they are reported as errors.
    public var unreadableCount: Int
    /// How many were left out by the filter.
    public var omittedCount: Int
    /// Which stopwatches were asked for.
    public var filter: StopwatchListFilter
    /// Every stored name, read or not.
    public var names: [String]

    public init(
        stopwatches: [StopwatchViewState], unreadableCount: Int = 0, omittedCount: Int = 0, names: [String]? = nil,
        filter: StopwatchListFilter = .all
    ) {
        self.filter = filter
        self.stopwatches = stopwatches
        self.unreadableCount = unreadableCount
        self.omittedCount = omittedCount
        self.names = names ?? stopwatches.map(\.name)
    }
}

extension StopwatchListViewState {
    /// True when `other` lists the same stopwatches in the same places, each differing at most in
    /// its times (`StopwatchViewState.differsOnlyInTimes(from:)`): the same listing at another
    /// instant, as a tick of `watch --all` maps it.
    func differsOnlyInTimes(from other: Self) -> Bool {
        stopwatches.count == other.stopwatches.count && unreadableCount == other.unreadableCount
            && omittedCount == other.omittedCount && filter == other.filter && names == other.names
            && stopwatches.indices.allSatisfy { stopwatches[$0].differsOnlyInTimes(from: other.stopwatches[$0]) }
    }
}
