/// Loads a stopwatch into the StateStore; a name never created loads as initial and is not stored,
/// unless `requiringExistence`, when it throws `StopwatchError.noSuchStopwatch`.
///
/// The first load after a reboot pins the time estimated across it (see `StopwatchState.rebased`)
/// and saves that, so the figure shown never decreases from one command to the next. If the pinned
/// state cannot be saved, the estimate is still shown.
public struct LoadStopwatchUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<StopwatchState>
    private let timeSource: any TimeSource

    public init(store: any StopwatchStore, stateStore: StateStore<StopwatchState>, timeSource: any TimeSource) {
        self.store = store
        self.stateStore = stateStore
        self.timeSource = timeSource
    }

    @discardableResult
    public func execute(_ name: StopwatchName, requiringExistence: Bool = false) throws -> StopwatchState {
        let stored = try store.load(name)
        if stored == nil, requiringExistence { throw StopwatchError.noSuchStopwatch(name) }
        var state = stored ?? .initial(name)
        if state.needsRebase(at: timeSource.now()) {
            let rebase = try? store.update(name) { stored in
                guard let stored else { return nil }
                return StopwatchChange(state: stored.rebased(at: timeSource.now()))
            }
            state = rebase?.state ?? state
        }
        stateStore.update(state)
        return state
    }
}
