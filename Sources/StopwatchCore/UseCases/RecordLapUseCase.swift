/// Records a lap on a running stopwatch.
public struct RecordLapUseCase: Sendable {
    private let transition: StopwatchTransition

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        store: any StopwatchStore, stateStore: StateStore<StopwatchSnapshot>, timeSource: any TimeSource,
        ids: any IDSource
    ) {
        transition = StopwatchTransition(
            store: store, stateStore: stateStore, timeSource: timeSource, ids: ids, creating: false)
    }

    /// Returns the recorded lap; the StateStore receives the state with it as `latestLap`.
    /// `duration`, when given, is the lap's time instead of the time since the previous split.
    @discardableResult
    public func execute(_ name: StopwatchName, label: String? = nil, duration: Duration? = nil) throws -> Lap {
        let change = try transition.run(name) { state, now in
            try state.lapped(at: now, label: label, duration: duration)
        }
        guard let lap = change.appendedLap else { preconditionFailure("a lap change without a lap") }
        return lap
    }
}
