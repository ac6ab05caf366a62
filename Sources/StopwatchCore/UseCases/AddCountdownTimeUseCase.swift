/// Gives a countdown more time, or less (`timer NAME --add DURATION`, `+`/`-` in the live view),
/// under the store's lock, so two processes adding at once both count. A stopwatch is refused.
public struct AddCountdownTimeUseCase: Sendable {
    private let transition: StopwatchTransition

    public init(store: any StopwatchStore, stateStore: StateStore<StopwatchSnapshot>, timeSource: any TimeSource) {
        transition = StopwatchTransition(store: store, stateStore: stateStore, timeSource: timeSource, creating: false)
    }

    @discardableResult
    public func execute(_ name: StopwatchName, adding change: Duration) throws -> StopwatchState {
        try transition.run(name) { state, now in
            guard let changed = state.addingTime(change, at: now) else {
                throw StopwatchError.notApplicable(.addTime, state, at: now)
            }
            return StopwatchChange(state: changed)
        }.state
    }
}
