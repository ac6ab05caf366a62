/// Every stored stopwatch that could be read, and what went wrong with the ones that could not.
public struct StopwatchListing: Sendable {
    public var stopwatches: [StopwatchState]
    /// One error per stopwatch whose stored state could not be read; the others are still listed.
    public var failures: [any Error]

    public init(stopwatches: [StopwatchState] = [], failures: [any Error] = []) {
        self.stopwatches = stopwatches
        self.failures = failures
    }
}
