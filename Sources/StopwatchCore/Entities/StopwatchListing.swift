/// Stored stopwatches: the ones that could be read, what went wrong with the others, and the names
/// of all of them.
public struct StopwatchListing: Sendable {
    public var stopwatches: [StopwatchState]
    /// One error per stopwatch whose stored state could not be read; the others are still listed.
    public var failures: [any Error]
    /// Every stored name, read or not; a listing of names alone (`list --names`) has nothing else.
    public var names: [StopwatchName]

    public init(stopwatches: [StopwatchState] = [], failures: [any Error] = [], names: [StopwatchName]? = nil) {
        self.stopwatches = stopwatches
        self.failures = failures
        self.names = names ?? stopwatches.map(\.name)
    }
}
