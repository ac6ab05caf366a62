/// Acknowledges every expired countdown of this machine (`dismiss` with no name): each is reset under its own
/// lock, judged expired at the time read there, and the listing of those dismissed, as they are
/// now, goes to the StateStore. A stopwatch that cannot be read is passed over and reported in
/// the listing's failures; the others are dismissed all the same.
public struct DismissExpiredCountdownsUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<StopwatchListing>
    private let timeSource: any TimeSource
    private let ids: any IDSource

    public init(store: any StopwatchStore, stateStore: StateStore<StopwatchListing>, timeSource: any TimeSource, ids: any IDSource) {
        self.store = store
        self.stateStore = stateStore
        self.timeSource = timeSource
        self.ids = ids
    }

    @discardableResult
    public func execute() throws -> StopwatchListing {
        let listing = try store.loadAll()
        var dismissed: [StopwatchState] = []
        // Another machine's countdowns are dismissed there (`StopwatchState.runsOn`).
        for candidate in listing.stopwatches where candidate.runsOn == nil && candidate.isExpired(at: timeSource.now()) {
            // The one rule of dismissing (`StopwatchState.dismissed`), judged again under the lock.
            let change = try store.update(candidate.name) { stored in
                let now = timeSource.now()
                return (try? stored?.dismissed(at: now)).map {
                    StopwatchChange(state: $0).ending(stored, at: now, as: HistoryChange(id: ids.next(), madeAt: now.wall, kind: .dismiss, events: []))
                }
            }
            if let change { dismissed.append(change.state) }
        }
        let result = StopwatchListing(stopwatches: dismissed, failures: listing.failures, names: dismissed.map(\.name))
        stateStore.update(result)
        return result
    }
}
