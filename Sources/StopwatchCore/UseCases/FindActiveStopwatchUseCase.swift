/// Loads into the listing StateStore the first stored stopwatch that is running or paused (with
/// `countdownsOnly`, the first such countdown), reading the state files one at a time and none
/// after it: whether anything runs costs about one `status` when something does.
///
/// A file that cannot be read is passed over; it is reported in the listing only when no other
/// stopwatch answers the question.
public struct FindActiveStopwatchUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<StopwatchListing>

    /// Works through these ports: nothing is read or written until it runs.
    public init(store: any StopwatchStore, stateStore: StateStore<StopwatchListing>) {
        self.store = store
        self.stateStore = stateStore
    }

    /// Reads what the type's summary says; it writes nothing.
    @discardableResult
    public func execute(countdownsOnly: Bool = false) throws -> StopwatchListing {
        let names = try store.names()
        var failures: [any Error] = []
        for name in names {
            do {
                guard let state = try store.load(name), state.status != .initial, !countdownsOnly || state.hasEnd else {
                    continue
                }
                let listing = StopwatchListing(stopwatches: [state], names: names)
                stateStore.update(listing)
                return listing
            } catch {
                failures.append(error)
            }
        }
        let listing = StopwatchListing(failures: failures, names: names)
        stateStore.update(listing)
        return listing
    }
}
