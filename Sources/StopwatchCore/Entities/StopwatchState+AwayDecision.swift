extension StopwatchState {
    /// How much of its away time up to `now` waits for a person to decide what it is: under
    /// `ask`, what is past `awayDecided`; zero under another policy.
    public func undecidedAway(at now: TimeReading) -> Duration {
        effectiveAwayPolicy == .ask ? max(.zero, away(at: now) - awayDecided) : .zero
    }

    /// This run, whose policy asks (`ask`), with its away time up to `upTo` (all of it up to
    /// `now` when nil) decided as `policy` says: kept, it counts as it did; dropped, what was
    /// undecided of it is taken out of its time (never below a lap, a phase's change or a cycle's
    /// edge already passed), as a policy that dropped from the start would have left it (hooks
    /// that already ran aside). What was decided before stays; a later stretch asks again. Nil
    /// when there is nothing to decide: another policy, `policy` itself `ask`, or all of it up to
    /// `upTo` already decided (an answer given twice, or after `edit --away` decided it).
    ///
    /// The running segment is folded into `accumulated` at `now` and begins again there, as a
    /// booking's is.
    public func deciding(_ policy: AwayPolicy, upTo: Duration? = nil, at now: TimeReading) -> StopwatchState? {
        guard effectiveAwayPolicy == .ask, policy != .ask else { return nil }
        var state = folded(at: now)
        let target = min(state.away, upTo ?? state.away)
        let amount = target - awayDecided
        guard amount > .zero else { return nil }
        state.awayDecided = target
        if policy == .drop {
            let floor = splitFloor
            let taken = max(.zero, min(amount, state.accumulated - floor))
            state.accumulated -= taken
            state.awayDropped += taken
        }
        return state
    }

    /// This run with its running segment folded into `accumulated` at `now` and begun again there
    /// (its sleep into `away`), within one boot; itself otherwise.
    func folded(at now: TimeReading) -> StopwatchState {
        guard status == .running, awayStand == nil, let runningSince, runningSince.bootSession == now.bootSession
        else { return self }
        var state = self
        let elapsed = elapsed(at: now)
        state.accumulated = elapsed.duration
        state.isEstimated = elapsed.isEstimated
        state.away = away(at: now)
        state.countingSince = countingSince ?? runningSince.wall
        state.runningSince = now
        return state
    }

    /// This run with `amount` of its away time, the latest, taken off it (a stretch booked as
    /// another run, or cut by a correction): out of `away`, and out of what was decided of it,
    /// with how much of `amount` the run never counted: all of it under `drop`, none under
    /// `keep`, and under `ask` what of it was decided dropped (the latest decided dropped first:
    /// where decisions lay is not kept).
    func losingAway(_ amount: Duration) -> (state: StopwatchState, uncounted: Duration) {
        var state = self
        state.away = max(.zero, away - amount)
        switch effectiveAwayPolicy {
        case .keep: return (state, .zero)
        case .drop: return (state, amount)
        case .ask:
            let uncounted = min(awayDropped, max(.zero, awayDecided - state.away))
            state.awayDropped -= uncounted
            state.awayDecided = min(awayDecided, state.away)
            return (state, uncounted)
        }
    }
}
