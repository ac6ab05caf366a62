/// Pauses a running stopwatch, adding its running segment to the accumulated time. A countdown
/// (or a cycle of so many rounds) that has expired is refused: what runs on is its overtime,
/// which nothing pauses; it may be paused at a moment before it expired (`--ago`, `--at`).
public struct PauseStopwatchUseCase: Sendable {
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
        try transition.run(name) { state, now in
            try StopwatchChange(state: Self.paused(state, state.paused(at: now), at: now))
        }.state
    }

    /// Pauses it as of `back` (`pause --ago`, `--at`), told in `zone`, the moment read under the lock.
    @discardableResult
    public func execute(_ name: StopwatchName, back: Backdate, in zone: any LocalTimeZone) throws -> StopwatchState {
        try transition.run(name) { state, now in
            try StopwatchChange(
                state: Self.paused(state, state.paused(at: now, ago: back.interval(before: now, in: zone)), at: now))
        }.state
    }

    /// `paused`, unless it had expired by then.
    private static func paused(_ state: StopwatchState, _ paused: StopwatchState, at now: TimeReading)
        throws(StopwatchError) -> StopwatchState
    {
        guard !paused.isExpired(at: now) else { throw .notApplicable(.pause, state, at: now) }
        return paused
    }
}
