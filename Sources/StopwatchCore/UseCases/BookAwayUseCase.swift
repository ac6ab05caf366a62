/// Books a stretch nobody was there, ended now, on a running stopwatch as away time
/// (`StopwatchState.booking(_:since:at:)`): what the away watcher does when the screen is
/// unlocked, input comes back, or the machine wakes. A stopwatch not running, or one that began
/// after the stretch ended, is left as it is and nothing is written.
public struct BookAwayUseCase: Sendable {
    private let transition: StopwatchTransition

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        store: any StopwatchStore, stateStore: StateStore<StopwatchSnapshot>, timeSource: any TimeSource,
        ids: any IDSource
    ) {
        transition = StopwatchTransition(
            store: store, stateStore: stateStore, timeSource: timeSource, ids: ids, creating: false)
    }

    /// Books the stretch of `cause` that began at `start`, under the store's lock.
    @discardableResult
    public func execute(_ name: StopwatchName, cause: AwayCause, since start: TimeReading) throws -> StopwatchState {
        try transition.run(name) { state, now in StopwatchChange(state: state.booking(cause, since: start, at: now)) }
            .state
    }
}
