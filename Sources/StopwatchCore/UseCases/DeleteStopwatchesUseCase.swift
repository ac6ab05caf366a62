/// Deletes stopwatches and their laps, all or none: `delete NAME...`, each run recorded in history
/// as it ends. A deletion leaves nothing to show, so it publishes to no StateStore.
public struct DeleteStopwatchesUseCase: Sendable {
    private let store: any StopwatchStore
    private let timeSource: any TimeSource

    public init(store: any StopwatchStore, timeSource: any TimeSource) {
        self.store = store
        self.timeSource = timeSource
    }

    public func execute(_ names: [StopwatchName]) throws {
        try store.delete(names) { state in
            let now = timeSource.now()
            return state.rebased(at: now).record(endedAt: now)
        }
    }
}
