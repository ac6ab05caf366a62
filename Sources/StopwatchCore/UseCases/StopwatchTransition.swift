/// The shared path of every use case that changes a stopwatch: read under the store's lock, apply
/// one transition at the current time, commit, then publish the committed state to the StateStore.
struct StopwatchTransition: Sendable {
    let store: any StopwatchStore
    let stateStore: StateStore<StopwatchState>
    let timeSource: any TimeSource

    /// The clock is read inside the lock, so concurrent commands see times in the order they commit.
    func run(
        _ name: StopwatchName,
        _ transition: (StopwatchState, TimeReading) throws -> StopwatchChange
    ) throws -> StopwatchChange {
        let change = try store.update(name) { stored in
            let now = timeSource.now()
            return try transition((stored ?? .initial(name)).rebased(at: now), now)
        }
        // `update` returns the committed change whenever the transform returned one.
        guard let change else { preconditionFailure("StopwatchStore.update dropped a change") }
        stateStore.update(change.state)
        return change
    }
}
