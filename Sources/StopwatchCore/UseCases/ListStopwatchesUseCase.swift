/// Loads every stored stopwatch into the listing StateStore.
public struct ListStopwatchesUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<StopwatchListing>

    /// Works through these ports: nothing is read or written until it runs.
    public init(store: any StopwatchStore, stateStore: StateStore<StopwatchListing>) {
        self.store = store
        self.stateStore = stateStore
    }

    /// Reads what the type's summary says; it writes nothing.
    @discardableResult
    public func execute() throws -> StopwatchListing {
        let listing = try store.loadAll()
        stateStore.update(listing)
        return listing
    }
}
