/// Deletes every countdown of this machine that has expired: `delete --expired`. Whether one has is decided under
/// the store's lock, at the time read there; their runs and themselves are kept in history, as
/// `delete` keeps them. The names deleted go to the StateStore, as a listing of names alone, so
/// the command can say what it deleted.
public struct DeleteExpiredCountdownsUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<StopwatchListing>
    private let timeSource: any TimeSource
    private let ids: any IDSource

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        store: any StopwatchStore, stateStore: StateStore<StopwatchListing>, timeSource: any TimeSource,
        ids: any IDSource
    ) {
        self.store = store
        self.stateStore = stateStore
        self.timeSource = timeSource
        self.ids = ids
    }

    /// Returns the names of the countdowns deleted.
    @discardableResult
    public func execute() throws -> [StopwatchName] {
        let names = try store.deleteAll { state in
            // Another machine's countdowns are its own to put away (`StopwatchState.runsOn`).
            state.runsOn == nil && state.isExpired(at: timeSource.now())
        } recording: { states in
            DeleteStopwatchesUseCase.deletion(of: states, at: timeSource.now(), ids: ids)
        }
        stateStore.update(StopwatchListing(names: names))
        return names
    }
}
