extension StopwatchState {
    /// How long the machine slept while the run counted, up to `now`: `away` and the running
    /// segment's.
    public func away(at now: TimeReading) -> Duration {
        guard status == .running, let runningSince else { return away }
        return away + now.asleep(since: runningSince)
    }

    /// How much of the away time up to `now` was for `cause`: a lock's and an idle stretch's as
    /// booked, the rest the machine's sleep.
    public func away(_ cause: AwayCause, at now: TimeReading) -> Duration {
        switch cause {
        case .suspend: max(.zero, away(at: now) - awayLocked - awayIdle)
        case .lock: awayLocked
        case .idle: awayIdle
        }
    }

    /// Whether its away time up to `now` waits for a person to decide what it is (`AwayPolicy.ask`).
    public func isUndecided(at now: TimeReading) -> Bool {
        effectiveAwayPolicy == .ask && away(at: now) > .zero
    }

    /// The causes of its away time up to `now`, in `AwayCause`'s order; empty for none.
    public func awayCauses(at now: TimeReading) -> [AwayCause] {
        AwayCause.allCases.filter { away($0, at: now) > .zero }
    }

    /// This run doing with away time what `policy` says, from its start (`edit --away`): the
    /// away time of its segments before the running one counted in `accumulated`, or taken out
    /// of it; the running segment's follows from the policy as it is read.
    public func withAwayPolicy(_ policy: AwayPolicy) -> StopwatchState {
        var state = self
        state.awayPolicy = policy
        state.accumulated = policy.rebooking(accumulated, away: away, from: effectiveAwayPolicy)
        return state
    }

    /// This run with a locked or idle stretch that began at `start` and ends at `now` booked as
    /// away time of `cause`, as its policy says: kept in its time, or taken out of it (never below
    /// a lap, a phase's change or a cycle's edge already passed). Only what the run counted of it is booked: the
    /// part after it last began running, awake (the sleep inside the stretch is already suspend's).
    ///
    /// The running segment is folded into `accumulated` at `now` and begins again there, as a
    /// reboot's is. Unchanged when it is not running, when `cause` is `suspend` (read from the
    /// clocks, never booked), or across a reboot, where the boot clock cannot place the stretch.
    public func booking(_ cause: AwayCause, since start: TimeReading, at now: TimeReading) -> StopwatchState {
        guard cause != .suspend, status == .running, let runningSince, runningSince.bootSession == now.bootSession,
            start.bootSession == now.bootSession
        else { return self }
        let from = start.boot > runningSince.boot ? start : runningSince
        let length = (now.boot - now.asleep) - (from.boot - from.asleep)
        guard length > .zero else { return self }
        var state = self
        let elapsed = elapsed(at: now)
        state.accumulated = elapsed.duration
        state.isEstimated = elapsed.isEstimated
        state.away = away(at: now) + length
        state.countingSince = countingSince ?? runningSince.wall
        state.runningSince = now
        if cause == .lock { state.awayLocked += length } else { state.awayIdle += length }
        // Its bounds on the wall clock, as far apart as the boot clock measured them: the two clocks
        // are read a moment apart, and the awake part is never more than the whole.
        state.lastAway = AwayStretch(
            cause: cause, from: now.wall - (now.boot - from.boot), to: now.wall, length: length)
        if case .drop = effectiveAwayPolicy {
            var floor = max(latestLap?.total ?? .zero, phaseAnchor?.at ?? .zero)
            // A cycle's edge passed in the stretch stands (its hook has told it): the phase begun
            // there loses the stretch's time, the one that ended keeps it.
            if isCycle { floor = max(floor, elapsed.duration - cycleProgress(at: now).inPhase) }
            state.accumulated = max(min(floor, elapsed.duration), elapsed.duration - length)
        }
        return state
    }

    /// This run with its last locked or idle stretch (`lastAway`) no longer its own: out of its
    /// away time, and out of its time where its policy counted it. Nil when it has none.
    public func givingUpLastAway() -> StopwatchState? {
        guard let stretch = lastAway else { return nil }
        var state = self
        if effectiveAwayPolicy.counts { state.accumulated = max(.zero, accumulated - stretch.length) }
        state.away = max(.zero, away - stretch.length)
        if stretch.cause == .lock {
            state.awayLocked = max(.zero, awayLocked - stretch.length)
        } else {
            state.awayIdle = max(.zero, awayIdle - stretch.length)
        }
        state.lastAway = nil
        return state
    }
}
