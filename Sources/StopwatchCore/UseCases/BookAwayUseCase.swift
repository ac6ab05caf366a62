/// Books a stretch nobody was there, ended now, on a running stopwatch as away time
/// (`StopwatchState.booking(_:since:at:)`): what the away watcher does when the screen is
/// unlocked, input comes back, or the machine wakes. A stopwatch not running, or one that began
/// after the stretch ended, is left as it is and nothing is written. As a stretch begins, a run
/// that drops away time is made to stand still until it ends (`stand`).
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

    /// Books the stretch of `cause` that began at `start` and ended at `end` (nil: now), under
    /// the store's lock. An `end` before now is a booking tried again after it could not be
    /// written (a full disk): the stretch is booked as it ended, the time since counted.
    @discardableResult
    public func execute(
        _ name: StopwatchName, cause: AwayCause, since start: TimeReading, until end: TimeReading? = nil
    )
        throws -> StopwatchState
    {
        try transition.run(name) { state, now in
            // Never past now: a later end (a clock read out of order) is now.
            let ended = end.flatMap { $0.bootSession == now.bootSession && $0.boot < now.boot ? $0 : nil } ?? now
            return StopwatchChange(state: state.booking(cause, since: start, at: ended))
        }
        .state
    }

    /// Makes the run stand still from now, nobody being there for `cause`
    /// (`StopwatchState.standing(_:at:)`), under the store's lock; nothing is written for a run
    /// that counts on, nor where `run` is given and the stopwatch holds another run (one begun
    /// since the watcher listed it, which counts on as a run begun while nobody is there does).
    @discardableResult
    public func stand(_ name: StopwatchName, cause: AwayCause, run: EventID? = nil) throws -> StopwatchState {
        try transition.run(name) { state, now in
            guard run == nil || state.currentRunID == run else { return StopwatchChange(state: state) }
            return StopwatchChange(state: state.standing(cause, at: now) ?? state)
        }
        .state
    }

    /// Ends the run's stand, if it stands, at now (`StopwatchState.endingStand(at:)`): what a
    /// watcher does on starting with somebody there, for a stand its predecessor left open.
    @discardableResult
    public func endStand(_ name: StopwatchName) throws -> StopwatchState {
        try transition.run(name) { state, now in StopwatchChange(state: state.endingStand(at: now)) }.state
    }
}
