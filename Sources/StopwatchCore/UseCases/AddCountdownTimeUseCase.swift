/// Gives a countdown more time, or less (`timer NAME --add DURATION`, `+`/`-` in the live view),
/// under the store's lock, so two processes adding at once both count. A stopwatch is refused.
/// With `hook`, its parts are added to the countdown's hook (`ExpiryHook.merging`) in the same
/// change.
public struct AddCountdownTimeUseCase: Sendable {
    private let transition: StopwatchTransition

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        store: any StopwatchStore, stateStore: StateStore<StopwatchSnapshot>, timeSource: any TimeSource,
        ids: any IDSource
    ) {
        transition = StopwatchTransition(
            store: store, stateStore: stateStore, timeSource: timeSource, ids: ids, creating: false)
    }

    /// Does what the type's summary says, under the store's lock: a refusal writes nothing.
    @discardableResult
    public func execute(_ name: StopwatchName, adding change: Duration, hook: ExpiryHook? = nil) throws
        -> StopwatchState
    {
        try transition.run(name) { state, now in
            guard var changed = state.addingTime(change, at: now) else {
                throw StopwatchError.notApplicable(.addTime, state, at: now)
            }
            if let hook { changed.hook = changed.hook.map { $0.merging(hook) } ?? hook }
            return StopwatchChange(state: changed)
        }.state
    }
}
