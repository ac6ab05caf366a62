/// Deletes stopwatches whatever their files hold: `delete --force NAME...`, the way out when a
/// state file cannot be read.
public struct ForceDeleteStopwatchesUseCase: Sendable {
    private let store: any StopwatchStore

    /// Works through these ports: nothing is read or written until it runs.
    public init(store: any StopwatchStore) {
        self.store = store
    }

    /// Does what the type's summary says, under the store's lock: a refusal writes nothing.
    public func execute(_ names: [StopwatchName]) throws {
        try store.deleteFiles(of: names)
    }
}
