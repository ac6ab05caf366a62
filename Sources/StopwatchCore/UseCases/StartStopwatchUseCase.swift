/// Starts a stopwatch that is initial (never started, or reset).
public struct StartStopwatchUseCase: Sendable {
    private let transition: StopwatchTransition

    public init(store: any StopwatchStore, stateStore: StateStore<StopwatchState>, timeSource: any TimeSource) {
        transition = StopwatchTransition(store: store, stateStore: stateStore, timeSource: timeSource)
    }

    @discardableResult
    public func execute(_ name: StopwatchName) throws -> StopwatchState {
        try transition.run(name) { state, now in try StopwatchChange(state: state.started(at: now)) }.state
    }
}
