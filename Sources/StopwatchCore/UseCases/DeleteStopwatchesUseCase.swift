/// Deletes stopwatches and their laps, all or none: `delete NAME...`. A deletion leaves nothing to
/// show, so it publishes to no StateStore.
public struct DeleteStopwatchesUseCase: Sendable {
    private let store: any StopwatchStore

    public init(store: any StopwatchStore) {
        self.store = store
    }

    public func execute(_ names: [StopwatchName]) throws {
        try store.delete(names)
    }
}
