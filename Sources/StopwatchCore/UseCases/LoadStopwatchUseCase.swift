/// Loads a stopwatch into the StateStore.
///
/// What it requires of the stored stopwatch decides what a name never created does: loads as
/// initial and is not stored (`nothing`, the live view), or throws
/// `StopwatchError.noSuchStopwatch` (`existence`, and `countdown`, which also refuses a stopwatch).
///
/// A load is a pure read: after a reboot every read estimates the time from the wall clock, the
/// same in every surface and process, until the next change to the run saves the estimate on the
/// new boot clock (see `StopwatchState.rebased`). A read that wrote would make what one surface
/// shows depend on which surface looked first.
public struct LoadStopwatchUseCase: Sendable {
    /// What the stopwatch read must be, a slip refused otherwise.
    public enum Requirement: Sendable {
        /// Anything, one never created read as initial (`status` of a new name).
        case nothing
        /// It exists.
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

    /// Reads from `store` at `timeSource`'s time and publishes what it read to `stateStore`.
    public init(store: any StopwatchStore, stateStore: StateStore<StopwatchSnapshot>, timeSource: any TimeSource) {
        self.store = store
        self.stateStore = stateStore
        self.timeSource = timeSource
    }

    /// Loads `name`; with `machine`, as that machine keeps it (`StopwatchStore.load(_:on:)`):
    /// another machine's stopwatch of a name this machine has too, `work@desktop`. One it does not
    /// keep is `StopwatchError.noSuchStopwatchOn`, whatever the requirement.
    @discardableResult
    public func execute(
        _ name: StopwatchName, on machine: String? = nil, requiring requirement: Requirement = .nothing
    )
        throws -> StopwatchState
    {
        let stored = try store.load(name, on: machine)
        if stored == nil, requirement != .nothing || machine != nil { throw store.missing(name, on: machine) }
        let state = stored ?? .initial(name)
        let now = timeSource.now()
        if requirement == .countdown, !state.hasEnd { throw StopwatchError.notApplicable(.wait, state, at: now) }
        if requirement == .cycle || requirement == .cycleGoingOn, !state.isCycle {
            throw StopwatchError.notApplicable(.waitForEdge, state, at: now)
        }
        if requirement == .cycleGoingOn, state.isExpired(at: now) {
            throw StopwatchError.notApplicable(.waitForEdge, state, at: now)
        }
        stateStore.update(StopwatchSnapshot(state: state, readAt: now))
        return state
    }
}
