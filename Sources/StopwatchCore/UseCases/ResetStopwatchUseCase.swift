/// Returns a stopwatch to initial and clears its laps; one already initial stays as it is, and
/// that succeeds, so scripts can reset without first asking.
public struct ResetStopwatchUseCase: Sendable {
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
    public func execute(_ name: StopwatchName) throws -> StopwatchState {
        try transition.run(name) { state, _ in StopwatchChange(state: state.reset()) }.state
    }
}
