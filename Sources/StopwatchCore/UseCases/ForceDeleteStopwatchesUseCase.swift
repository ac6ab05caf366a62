/// Deletes stopwatches whatever their files hold: `delete --force NAME...`, the way out when a
/// state file cannot be read.
public struct ForceDeleteStopwatchesUseCase: Sendable {
    private let store: any StopwatchStore

    public init(store: any StopwatchStore) {
        self.store = store
    }

    public func execute(_ names: [StopwatchName]) throws {
        try store.deleteFiles(of: names)
    }
}
