/// Deletes every countdown that has expired: `delete --expired`. Whether one has is decided under
/// the store's lock, at the time read there.
public struct DeleteExpiredCountdownsUseCase: Sendable {
    private let store: any StopwatchStore
    private let timeSource: any TimeSource

    public init(store: any StopwatchStore, timeSource: any TimeSource) {
        self.store = store
        self.timeSource = timeSource
    }

    /// Returns the names of the countdowns deleted.
    @discardableResult
    public func execute() throws -> [StopwatchName] {
        try store.deleteAll { state in state.isExpired(at: timeSource.now()) }
    }
}
