/// The shared path of every use case that changes a stopwatch: read under the store's lock, apply
/// one transition at the current time, commit, then publish the committed state to the StateStore,
/// with the reading it was changed at.
/// A transition that leaves a stored stopwatch exactly as it was writes nothing; a run it begins
/// gets a new id; one that ends a run carries the change to history that records it
/// (`StopwatchChange.recorded`, of `kind`), which the store commits with it.
struct StopwatchTransition: Sendable {
    let store: any StopwatchStore
    let stateStore: StateStore<StopwatchSnapshot>
    let timeSource: any TimeSource
    let ids: any IDSource
    /// Whether the transition may create the stopwatch (`start`, `restart`); otherwise a name never
    /// created is `StopwatchError.noSuchStopwatch`, so a typo is never taken for a new stopwatch.
    let creating: Bool
    /// What a run this transition ends is recorded as having been ended by.
    var kind = HistoryChange.Kind.reset

    /// The clock is read inside the lock, so concurrent commands see times in the order they commit.
    func run(
        _ name: StopwatchName,
        _ transition: (StopwatchState, TimeReading) throws -> StopwatchChange
    ) throws -> StopwatchChange {
        try run(name, onStored: { stored, now in try transition(stored ?? .initial(name), now) })
    }

    /// `run(_:_:)`, the transition given the stored stopwatch as it is, nil for one never created:
    /// a new countdown or cycle is judged by what it would replace (`StopwatchState.replacing`).
    func run(
        _ name: StopwatchName,
        onStored transition: (StopwatchState?, TimeReading) throws -> StopwatchChange
    ) throws -> StopwatchChange {
        var unchanged: StopwatchChange?
        var readAt: TimeReading?
        let committed = try store.update(name) { stored in
            guard stored != nil || creating else { throw StopwatchError.noSuchStopwatch(name) }
            let now = timeSource.now()
            readAt = now
            var change = try transition(stored?.rebased(at: now), now)
            change.state = change.state.identified(after: stored, fresh: ids.next)
            change = change.ending(
                stored, at: now, as: HistoryChange(id: ids.next(), madeAt: now.wall, kind: kind, events: []))
            guard let stored, change.appendedLap == nil, change.state == stored else { return change }
            unchanged = change
            return nil
        }
        // `update` returns the committed change whenever the transform returned one.
        guard let change = committed ?? unchanged, let readAt else {
            preconditionFailure("StopwatchStore.update dropped a change")
        }
        stateStore.update(StopwatchSnapshot(state: change.state, readAt: readAt))
        return change
    }
}
