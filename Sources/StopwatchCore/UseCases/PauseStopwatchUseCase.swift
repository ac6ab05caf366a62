/// Pauses a running stopwatch, adding its running segment to the accumulated time.
public struct PauseStopwatchUseCase: Sendable {
    private let transition: StopwatchTransition

    public init(store: any StopwatchStore, stateStore: StateStore<StopwatchSnapshot>, timeSource: any TimeSource, ids: any IDSource) {
        transition = StopwatchTransition(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids, creating: false)
    }

    @discardableResult
    public func execute(_ name: StopwatchName) throws -> StopwatchState {
        try transition.run(name) { state, now in try StopwatchChange(state: state.paused(at: now)) }.state
    }

    /// Pauses it as of `back` (`pause --ago`, `--at`), told in `zone`, the moment read under the lock.
    @discardableResult
    public func execute(_ name: StopwatchName, back: Backdate, in zone: any LocalTimeZone) throws -> StopwatchState {
        try transition.run(name) { state, now in try StopwatchChange(state: state.paused(at: now, ago: back.interval(before: now, in: zone))) }.state
    }
}
