/// Loads every stored stopwatch into the listing StateStore.
public struct ListStopwatchesUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<StopwatchListing>

    public init(store: any StopwatchStore, stateStore: StateStore<StopwatchListing>) {
        self.store = store
        self.stateStore = stateStore
    }

    @discardableResult
    public func execute() throws -> StopwatchListing {
        let listing = try store.loadAll()
        stateStore.update(listing)
        return listing
    }
}
