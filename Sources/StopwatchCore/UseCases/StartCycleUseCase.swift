/// Creates a cycle and starts it: `stopwatch cycle`.
///
/// A cycle's name is reusable once its cycle has finished, or was reset; one that runs or is
/// paused, or a stopwatch or countdown of that name, is refused unless `replacing`, which drops it
/// and its laps.
public struct StartCycleUseCase: Sendable {
    private let transition: StopwatchTransition

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        store: any StopwatchStore, stateStore: StateStore<StopwatchSnapshot>, timeSource: any TimeSource,
        ids: any IDSource
    ) {
        transition = StopwatchTransition(
            store: store, stateStore: stateStore, timeSource: timeSource, ids: ids, creating: true, kind: .replace)
    }

    /// Does what the type's summary says, under the store's lock: a refusal writes nothing.
    @discardableResult
    public func execute(
        _ name: StopwatchName, sequence: PhaseSequence, replacing: Bool, hook: ExpiryHook? = nil, tags: [String] = []
    ) throws -> StopwatchState {
        try transition.run(
            name,
            onStored: { stored, now in
                var cycle = StopwatchState.cycle(name, sequence: sequence, startedAt: now, hook: hook)
                cycle.tags = Tag.normalized(tags)
                return StopwatchChange(state: try cycle.replacing(stored, forcing: replacing, at: now))
            }
        ).state
    }
}
