/// Starts, pauses or resumes a stopwatch, whichever applies to its stored status.
///
/// The choice is made under the store's lock, so it is right even when another process changed
/// the stopwatch since the caller last looked.
public struct ToggleStopwatchUseCase: Sendable {
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
        try transition.run(name) { state, now in try StopwatchChange(state: state.toggled(at: now)) }.state
    }
}
