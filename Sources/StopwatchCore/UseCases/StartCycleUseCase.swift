/// Creates a cycle and starts it: `stopwatch cycle`.
///
/// A cycle's name is reusable once its cycle has finished, or was reset; one that runs or is
/// paused, or a stopwatch or countdown of that name, is refused unless `replacing`, which drops it
/// and its laps.
public struct StartCycleUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<StopwatchSnapshot>
    private let timeSource: any TimeSource

    public init(store: any StopwatchStore, stateStore: StateStore<StopwatchSnapshot>, timeSource: any TimeSource) {
        self.store = store
        self.stateStore = stateStore
        self.timeSource = timeSource
    }

    @discardableResult
    public func execute(_ name: StopwatchName, sequence: PhaseSequence, replacing: Bool, hook: ExpiryHook? = nil, tags: [String] = []) throws -> StopwatchState {
        var readAt: TimeReading?
        let change = try store.update(name) { stored in
            let now = timeSource.now()
            readAt = now
            if let stored, !replacing, !stored.isCycle || (stored.status != .initial && !stored.isExpired(at: now)) {
                throw StopwatchError.notApplicable(.createCycle, stored.rebased(at: now), at: now)
            }
            var cycle = StopwatchState.cycle(name, sequence: sequence, startedAt: now, hook: hook)
            cycle.tags = Tag.normalized(tags)
            return StopwatchChange(state: cycle).ending(stored, at: now)
        }
        guard let state = change?.state, let readAt else { preconditionFailure("StopwatchStore.update dropped a change") }
        stateStore.update(StopwatchSnapshot(state: state, readAt: readAt))
        return state
    }
}
