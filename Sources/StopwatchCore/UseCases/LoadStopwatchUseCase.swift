/// Loads a stopwatch into the StateStore.
///
/// What it requires of the stored stopwatch decides what a name never created does: loads as
/// initial and is not stored (`nothing`, the live view), or throws
/// `StopwatchError.noSuchStopwatch` (`existence`, and `countdown`, which also refuses a stopwatch).
///
/// The first load after a reboot pins the time estimated across it (see `StopwatchState.rebased`)
/// and saves that, so the figure shown never decreases from one command to the next. If the pinned
/// state cannot be saved, the estimate is still shown.
public struct LoadStopwatchUseCase: Sendable {
    public enum Requirement: Sendable {
        case nothing
        case existence
        /// It exists and is a countdown (or a cycle with an end): `wait`.
        case countdown
        /// It exists and is a cycle: `wait --edge` as it goes on.
        case cycle
        /// It exists and is a cycle that has not ended: `wait --edge` as it begins, so that a
        /// loop of them ends with the cycle.
        case cycleGoingOn
    }

    private let store: any StopwatchStore
    private let stateStore: StateStore<StopwatchSnapshot>
    private let timeSource: any TimeSource

    public init(store: any StopwatchStore, stateStore: StateStore<StopwatchSnapshot>, timeSource: any TimeSource) {
        self.store = store
        self.stateStore = stateStore
        self.timeSource = timeSource
    }

    @discardableResult
    public func execute(_ name: StopwatchName, requiring requirement: Requirement = .nothing) throws -> StopwatchState {
        let stored = try store.load(name)
        if stored == nil, requirement != .nothing { throw StopwatchError.noSuchStopwatch(name) }
        var state = stored ?? .initial(name)
        var now = timeSource.now()
        if requirement == .countdown, !state.hasEnd { throw StopwatchError.notApplicable(.wait, state, at: now) }
        if requirement == .cycle || requirement == .cycleGoingOn, !state.isCycle {
            throw StopwatchError.notApplicable(.waitForEdge, state, at: now)
        }
        if requirement == .cycleGoingOn, state.isExpired(at: now) {
            throw StopwatchError.notApplicable(.waitForEdge, state, at: now)
        }
        if state.needsRebase(at: now) {
            let rebase = try? store.update(name) { stored in
                guard let stored else { return nil }
                now = timeSource.now()
                return StopwatchChange(state: stored.rebased(at: now))
            }
            state = rebase?.state ?? state
        }
        stateStore.update(StopwatchSnapshot(state: state, readAt: now))
        return state
    }
}
