extension StopwatchState {
    /// How long the machine slept while the run counted, up to `now`: `away` and the running
    /// segment's.
    public func away(at now: TimeReading) -> Duration {
        guard status == .running, let runningSince else { return away }
        // Standing, all of it since the stand began is away time.
        if awayStand != nil { return away + now.interval(since: runningSince).duration }
        return away + now.asleep(since: runningSince)
    }

    /// How much of the away time up to `now` was for `cause`: a lock's and an idle stretch's as
    /// booked (an open stand's awake time its cause's), the rest the machine's sleep.
    public func away(_ cause: AwayCause, at now: TimeReading) -> Duration {
        var (locked, idle) = (awayLocked, awayIdle)
        if let stand = awayStand, status == .running, let runningSince {
            let awake = max(.zero, now.interval(since: runningSince).duration - now.asleep(since: runningSince))
            if stand == .lock { locked += awake } else if stand == .idle { idle += awake }
        }
        return cause.part(of: away(at: now), locked: locked, idle: idle)
    }

    /// Whether some of its away time up to `now` waits for a person to decide what it is
    /// (`AwayPolicy.ask`, `undecidedAway(at:)`).
    public func isUndecided(at now: TimeReading) -> Bool { undecidedAway(at: now) > .zero }

    /// The causes of its away time up to `now`, in `AwayCause`'s order; empty for none.
    public func awayCauses(at now: TimeReading) -> [AwayCause] {
        AwayCause.allCases.filter { away($0, at: now) > .zero }
    }

    /// This run doing with away time what `policy` says, from its start (`edit --away`): the
    /// away time of its segments before the running one counted in `accumulated`, or taken out
    /// of it; the running segment's follows from the policy as it is read. What was decided under
    /// `ask` goes: under `ask` again, all of it is undecided.
    public func withAwayPolicy(_ policy: AwayPolicy) -> StopwatchState {
        var state = self
        state.awayPolicy = policy
        state.accumulated = policy.rebooking(
            accumulated, away: away, dropped: awayDropped, from: effectiveAwayPolicy)
        state.awayDecided = .zero
        state.awayDropped = .zero
        return state
    }

    /// This run with a stretch nobody was there, begun at `start` and ended at `now`, booked as
    /// away time of `cause`, as its policy says: kept in its time, or taken out of it (never below
    /// a lap, a phase's change or a cycle's edge already passed). Only what the run counted of it
    /// is booked, the part after it last began running. A lock's or an idle stretch's awake time
    /// is the cause's own; the sleep inside it, like a suspend's (`start` the last reading before
    /// the machine slept, `now` at its waking), is already away time, read from the clocks, and is
    /// booked as suspend's. The stretch, sleep and all, becomes `lastAway`.
    ///
    /// Only the span the run counted towards its plan is booked: none of it past a countdown's
    /// zero, a cycle's end, or while a cycle waits for a person. A run that stood through the
    /// stretch (`standing(_:at:)`) books it whole, from where it began to stand.
    ///
    /// The running segment is folded into `accumulated` at `now` and begins again there, as a
    /// reboot's is. Unchanged when it is not running, when nothing of the stretch was counted, or
    /// across a reboot, where the boot clock cannot place the stretch.
    public func booking(_ cause: AwayCause, since start: TimeReading, at now: TimeReading) -> StopwatchState {
        // One that stood through it books it whole: it counted none of it.
        if awayStand != nil { return endingStand(at: now) }
        guard status == .running, let runningSince, runningSince.bootSession == now.bootSession,
            start.bootSession == now.bootSession
        else { return self }
        let from = start.boot > runningSince.boot ? start : runningSince
        // Only the span it counted towards its plan: none past a countdown's zero, a cycle's end,
        // or while a cycle waits for a person (its time over, at `now`).
        let span = now.boot - from.boot
        let counted = max(.zero, span - overtime(at: now))
        let asleep = min(now.asleep - from.asleep, counted)
        let awake = cause == .suspend ? .zero : counted - asleep
        guard awake > .zero || (cause == .suspend && asleep > .zero) else { return self }
        var state = self
        let elapsed = elapsed(at: now)
        state.accumulated = elapsed.duration
        state.isEstimated = elapsed.isEstimated
        state.away = away(at: now) + awake
        state.countingSince = countingSince ?? runningSince.wall
        state.runningSince = now
        state.addAwake(awake, of: cause)
        // Its bounds on the wall clock, as far apart as the boot clock measured them: the two clocks
        // are read a moment apart, and what was counted is never more than the whole. A suspend's
        // is its sleep, which ended as the machine woke.
        let length = awake + asleep
        let end = now.wall - (span - counted)
        state.lastAway = AwayStretch(
            cause: cause, from: end - (cause == .suspend ? asleep : counted), to: end, length: length, asleep: asleep)
        if case .drop = effectiveAwayPolicy, awake > .zero {
            var floor = splitFloor
            // A cycle's edge passed in the stretch stands (its hook has told it): the phase begun
            // there loses the stretch's time, the one that ended keeps it.
            if isCycle { floor = max(floor, elapsed.duration - cycleProgress(at: now).inPhase) }
            state.accumulated = max(min(floor, elapsed.duration), elapsed.duration - awake)
        }
        return state
    }

    /// This run with its last stretch nobody was there (`lastAway`) no longer its own: out of its
    /// away time, and out of its time where it counted it (a policy that drops, or a decision to,
    /// counts neither the stretch's awake time nor its sleep). Nil when it has none.
    public func givingUpLastAway() -> StopwatchState? {
        guard let stretch = lastAway else { return nil }
        var (state, uncounted) = losingAway(stretch.length)
        state.accumulated = max(.zero, accumulated - (stretch.length - uncounted))
        switch stretch.cause {
        case .suspend: break
        case .lock: state.awayLocked = max(.zero, awayLocked - stretch.awake)
        case .idle: state.awayIdle = max(.zero, awayIdle - stretch.awake)
        }
        state.lastAway = nil
        return state
    }
}

extension StopwatchState {
    /// This run with the part of its last stretch nobody was there outside `start...end` (on the
    /// wall clock) cut off, as a correction told after the fact cuts the run there (`pause --ago`
    /// and `edit --end` its end, `edit --start` later its start): out of the stretch, of its away
    /// time and of its cause's share (a lock's sleep taken in proportion); the stretch gone when
    /// nothing of it is left. With how much of the part cut the run never counted
    /// (`losingAway(_:)`). What the caller takes back of the
    /// run's time is the time told less that.
    func cuttingLastAway(before start: Duration? = nil, after end: Duration? = nil) -> (
        state: StopwatchState, uncounted: Duration
    ) {
        guard let stretch = lastAway, stretch.to > stretch.from else { return (self, .zero) }
        let from = max(stretch.from, start ?? stretch.from)
        let to = min(stretch.to, end ?? stretch.to)
        let span = stretch.to - stretch.from
        let kept = to > from ? min(stretch.length, to - from) : .zero
        let cut = stretch.length - kept
        guard cut > .zero else { return (self, .zero) }
        let asleep = kept == .zero ? stretch.asleep : stretch.asleep.scaled(by: cut, of: span)
        var (state, uncounted) = losingAway(cut)
        switch stretch.cause {
        case .suspend: break
        case .lock: state.awayLocked = max(.zero, awayLocked - (cut - asleep))
        case .idle: state.awayIdle = max(.zero, awayIdle - (cut - asleep))
        }
        state.lastAway =
            kept == .zero
            ? nil
            : AwayStretch(
                cause: stretch.cause, from: from, to: to, length: kept, asleep: max(.zero, stretch.asleep - asleep))
        return (state, uncounted)
    }

    /// How far back from `end` on the wall clock a pause told after the fact reaches taking back
    /// `counted` of the run's time: as far, and further by what of its last stretch nobody was
    /// there it never counted (a policy that drops it, or a decision to) where that lies within
    /// reach.
    func wallSpan(takingBack counted: Duration, before end: Duration) -> Duration {
        guard let stretch = lastAway, stretch.to <= end, counted >= end - stretch.to else { return counted }
        return counted + losingAway(stretch.length).uncounted
    }
}
