/// Loads the names of the stored stopwatches into the listing StateStore, reading no state file:
/// as cheap as one command can be, for shell completion.
public struct ListStopwatchNamesUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<StopwatchListing>

    /// Works through these ports: nothing is read or written until it runs.
    public init(store: any StopwatchStore, stateStore: StateStore<StopwatchListing>) {
        self.store = store
        self.stateStore = stateStore
    }

    /// Reads what the type's summary says; it writes nothing.
    @discardableResult
    public func execute() throws -> [StopwatchName] {
        let names = try store.names()
        stateStore.update(StopwatchListing(names: names))
        return names
    }
}
