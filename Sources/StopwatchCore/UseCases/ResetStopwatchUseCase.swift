/// Returns a running or paused stopwatch to initial and clears its laps.
public struct ResetStopwatchUseCase: Sendable {
    private let transition: StopwatchTransition

    public init(store: any StopwatchStore, stateStore: StateStore<StopwatchState>, timeSource: any TimeSource) {
        transition = StopwatchTransition(store: store, stateStore: stateStore, timeSource: timeSource)
    }

    @discardableResult
    public func execute(_ name: StopwatchName) throws -> StopwatchState {
        try transition.run(name) { state, _ in try StopwatchChange(state: state.reset()) }.state
    }
}
