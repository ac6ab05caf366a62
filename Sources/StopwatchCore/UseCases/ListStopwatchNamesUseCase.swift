/// Loads the names of the stored stopwatches into the listing StateStore, reading no state file:
/// as cheap as one command can be, for shell completion.
public struct ListStopwatchNamesUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<StopwatchListing>

    public init(store: any StopwatchStore, stateStore: StateStore<StopwatchListing>) {
        self.store = store
        self.stateStore = stateStore
    }

    @discardableResult
    public func execute() throws -> [StopwatchName] {
        let names = try store.names()
        stateStore.update(StopwatchListing(names: names))
        return names
    }
}
