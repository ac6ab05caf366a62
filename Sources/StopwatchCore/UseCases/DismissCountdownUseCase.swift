/// Acknowledges one expired countdown (`dismiss NAME`, a bar's click on it): it is reset under the
/// store's lock, so it leaves the bars and `list --quiet`. One not expired, or a stopwatch, is
/// refused and left as it is.
public struct DismissCountdownUseCase: Sendable {
    private let transition: StopwatchTransition

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        store: any StopwatchStore, stateStore: StateStore<StopwatchSnapshot>, timeSource: any TimeSource,
        ids: any IDSource
    ) {
        transition = StopwatchTransition(
            store: store, stateStore: stateStore, timeSource: timeSource, ids: ids, creating: false, kind: .dismiss)
    }

    /// Does what the type's summary says, under the store's lock: a refusal writes nothing.
    @discardableResult
    public func execute(_ name: StopwatchName) throws -> StopwatchState {
        try transition.run(name) { state, now in StopwatchChange(state: try state.dismissed(at: now)) }.state
    }
}
