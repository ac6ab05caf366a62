/// Resets a stopwatch and starts it again in one locked step, from any status: `restart`. Creates
/// one never created; a countdown starts again from its full duration.
public struct RestartStopwatchUseCase: Sendable {
    private let transition: StopwatchTransition

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        store: any StopwatchStore, stateStore: StateStore<StopwatchSnapshot>, timeSource: any TimeSource,
        ids: any IDSource
    ) {
        transition = StopwatchTransition(
            store: store, stateStore: stateStore, timeSource: timeSource, ids: ids, creating: true, kind: .restart)
    }

    /// Does what the type's summary says, under the store's lock: a refusal writes nothing.
    @discardableResult
    public func execute(_ name: StopwatchName) throws -> StopwatchState {
        try transition.run(name) { state, now in StopwatchChange(state: state.restarted(at: now)) }.state
    }

    /// Restarts it, its new run tagged with `tags` (`Tag`).
    @discardableResult
    public func execute(_ name: StopwatchName, tags: [String]) throws -> StopwatchState {
        try transition.run(name) { state, now in
            var restarted = state.restarted(at: now)
            restarted.tags = Tag.normalized(tags)
            return StopwatchChange(state: restarted)
        }.state
    }
}
