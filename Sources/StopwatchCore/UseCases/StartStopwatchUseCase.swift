/// Starts a stopwatch that is initial (never started, or reset).
public struct StartStopwatchUseCase: Sendable {
    private let transition: StopwatchTransition

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        store: any StopwatchStore, stateStore: StateStore<StopwatchSnapshot>, timeSource: any TimeSource,
        ids: any IDSource
    ) {
        transition = StopwatchTransition(
            store: store, stateStore: stateStore, timeSource: timeSource, ids: ids, creating: true)
    }

    /// Does what the type's summary says, under the store's lock: a refusal writes nothing.
    @discardableResult
    public func execute(_ name: StopwatchName) throws -> StopwatchState {
        try transition.run(name) { state, now in try StopwatchChange(state: state.started(at: now)) }.state
    }

    /// Starts it as of `back` (`start --ago`, `--at`; now when nil), told in `zone`, the moment
    /// read under the lock, its run tagged with `tags` (`Tag`), doing with away time what `away`
    /// says (what it did before its reset when nil).
    @discardableResult
    public func execute(
        _ name: StopwatchName, back: Backdate?, tags: [String] = [], away: AwayPolicy? = nil,
        in zone: any LocalTimeZone
    ) throws -> StopwatchState {
        try transition.run(name) { state, now in
            var started = try state.started(
                at: now, ago: back?.interval(before: now, in: zone, starting: true) ?? .zero)
            started.tags = Tag.normalized(tags)
            if let away { started.awayPolicy = away }
            return StopwatchChange(state: started)
        }.state
    }
}
