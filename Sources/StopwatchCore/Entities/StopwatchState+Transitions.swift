/// The state machine: each transition either returns the next state or throws
/// `StopwatchError.notApplicable` and changes nothing.
extension StopwatchState {
    /// Running from `now`, its time and laps from zero; refused unless initial.
    public func started(at now: TimeReading) throws(StopwatchError) -> StopwatchState {
        guard status == .initial else { throw refusal(.start, now) }
        return reset().running(since: now)
    }

    /// Started `ago` before `now`, from initial ("I forgot to start it"): never in the future.
    /// Within this boot the run begins on the boot clock at that moment, exactly; before this boot
    /// began, the boot clock cannot tell it, so the time before now is counted from the wall clock
    /// and marked estimated.
    public func started(at now: TimeReading, ago: Duration) throws(StopwatchError) -> StopwatchState {
        guard status == .initial else { throw refusal(.start, now) }
        guard ago > .zero else { return try started(at: now) }
        if var moment = now.back(by: ago) {
            // No sleep in the stretch told is known: it counts as none, but what the machine
            // slept beyond the boot clock's reading then was slept in it.
            moment.asleep = min(now.asleep, moment.boot)
            return reset().running(since: moment)
        }
        var state = reset().running(since: now)
        state.accumulated = ago
        state.isEstimated = true
        state.startedAt = now.wall - ago
        state.countingSince = now.wall - ago
        return state
    }

    /// Paused `ago` before `now` ("I forgot to stop it"): never before its running segment began
    /// (its start or its resume), its latest lap, whose time it already counts, or the moment a
    /// cycle's phase was last moved (`next`, `timer --add`); further
    /// back is `StopwatchError.backdateTooFar`. Within this boot the moment is taken on the boot
    /// clock, exactly; before this boot began (or within time estimated across a reboot) it is
    /// counted back on the wall clock, and the time is marked estimated.
    public func paused(at now: TimeReading, ago: Duration) throws(StopwatchError) -> StopwatchState {
        // A stand ends where the pause is told: booked up to now, then cut where the pause falls.
        if awayStand != nil { return try endingStand(at: now).paused(at: now, ago: ago) }
        guard status == .running, let runningSince else { throw refusal(.pause, now) }
        guard ago > .zero else { return try paused(at: now) }
        let elapsed = elapsed(at: now)
        // Measured since `runningSince`, on the boot clock within this boot.
        let measured =
            runningSince.bootSession == now.bootSession ? max(.zero, now.boot - runningSince.boot) : Duration.zero
        let segment = countingSince.map { max(measured, now.wall - $0) } ?? now.interval(since: runningSince).duration
        // The time it can give back: all it counted, not what its latest lap counts, nor what it
        // counted before a cycle's phase was last moved (`next`, `timer --add`): those stand.
        var counted = elapsed.duration
        if let latestLap { counted = min(counted, max(.zero, elapsed.duration - latestLap.total)) }
        if let anchor = phaseAnchor { counted = min(counted, max(.zero, elapsed.duration - anchor.at)) }
        let furthest = min(segment, wallSpan(takingBack: counted, before: now.wall))
        guard ago <= furthest else {
            throw .backdateTooFar(.pause, self, ago: ago, furthest: furthest, at: now)
        }
        if ago <= measured, let moment = now.back(by: ago) { return try paused(at: moment) }
        // Before the running segment began: a stretch booked there (which began it) is cut where
        // the pause falls, and what of it was never counted is not taken back.
        let cutting = cuttingLastAway(after: now.wall - ago)
        var state = cutting.state
        state.status = .paused
        state.accumulated = elapsed.duration - ago + cutting.uncounted
        state.away += away(at: now) - away
        state.isEstimated = true
        state.runningSince = nil
        state.countingSince = nil
        state.pausedAt = now.wall - ago
        return state
    }

    /// Holding the time it had at `now`; refused unless running.
    public func paused(at now: TimeReading) throws(StopwatchError) -> StopwatchState {
        guard status == .running else { throw refusal(.pause, now) }
        var state = endingStand(at: now)
        let elapsed = state.elapsed(at: now)
        let away = state.away(at: now)
        state.status = .paused
        state.accumulated = elapsed.duration
        state.away = away
        state.isEstimated = elapsed.isEstimated
        state.runningSince = nil
        state.countingSince = nil
        state.pausedAt = now.wall
        return state
    }

    /// Running again from `now`, its time held until then kept; refused unless paused.
    public func resumed(at now: TimeReading) throws(StopwatchError) -> StopwatchState {
        guard status == .paused else { throw refusal(.resume, now) }
        var state = self
        state.status = .running
        state.runningSince = now
        state.pausedAt = nil
        return state
    }

    /// Records a split at `now`. The lap's duration is the time since the previous split, unless
    /// `duration` gives it: `run NAME` records the command's own time, so idle time between runs,
    /// or another run overlapping this one, is not charged to it.
    public func lapped(at now: TimeReading, label: String?, duration: Duration? = nil) throws(StopwatchError)
        -> StopwatchChange
    {
        if let label, let problem = Lap.problem(withLabel: label) {
            throw StopwatchError.invalidLabel(label, problem)
        }
        guard status == .running else { throw refusal(.lap, now) }
        let (number, overflow) = lapCount.addingReportingOverflow(1)
        guard !overflow else { throw StopwatchError.lapLimitReached(name) }
        var state = rebased(at: now)
        let total = state.elapsed(at: now).duration
        let previousTotal = latestLap?.total ?? .zero
        let lap = Lap(
            number: number,
            duration: duration ?? max(.zero, total - previousTotal),
            total: total,
            label: label,
            recordedAt: now.wall
        )
        state.lapCount = lap.number
        state.latestLap = lap
        return StopwatchChange(state: state, appendedLap: lap)
    }

    /// Start, pause or resume, whichever applies now: the live view's single start/stop key. A
    /// countdown (or a cycle of so many rounds) that has expired is not paused, as `pause`
    /// refuses it: what runs on is its overtime, which nothing pauses.
    public func toggled(at now: TimeReading) throws(StopwatchError) -> StopwatchState {
        switch status {
        case .initial: return try started(at: now)
        case .running:
            if isExpired(at: now) { throw refusal(.pause, now) }
            return try paused(at: now)
        case .paused: return try resumed(at: now)
        }
    }

    /// Starts an initial stopwatch and leaves a running one as it is: `run NAME`, which records a
    /// lap in a stopwatch that may already be timing a larger job. A paused one is refused, as its
    /// lap would be.
    public func startedUnlessRunning(at now: TimeReading) throws(StopwatchError) -> StopwatchState {
        switch status {
        case .initial: try started(at: now)
        case .running: self
        case .paused: throw refusal(.recordRun, now)
        }
    }

    /// This new run of a plan in place of `stored` (`timer`, `cycle`), nil for a name never used:
    /// a name is reusable by a run of the same kind of plan once that one has ended or was reset.
    /// One with time left, or of another kind, is refused unless `forcing`, which drops it and its
    /// laps.
    public func replacing(_ stored: StopwatchState?, forcing: Bool, at now: TimeReading) throws(StopwatchError)
        -> StopwatchState
    {
        guard let stored, !forcing else { return self }
        if !plan.isSameKind(as: stored.plan) || (stored.status != .initial && !stored.isExpired(at: now)) {
            throw .notApplicable(plan.creation, stored, at: now)
        }
        return self
    }

    /// Back to initial with no laps, from any status (an initial one stays as it is); a countdown
    /// keeps its full duration and its hook, a cycle its phases (and starts over at the first).
    public func reset() -> StopwatchState {
        var state = StopwatchState.initial(name, plan: plan, hook: hook)
        state.awayPolicy = awayPolicy
        return state
    }

    /// An expired countdown acknowledged (`dismiss`): reset to its full duration, so it no longer
    /// pins a status bar, and ready to start again. Anything else is refused.
    public func dismissed(at now: TimeReading) throws(StopwatchError) -> StopwatchState {
        guard isExpired(at: now) else { throw refusal(.dismiss, now) }
        return reset()
    }

    /// Reset and started again at `now`, from any status: `restart`.
    public func restarted(at now: TimeReading) -> StopwatchState {
        reset().running(since: now)
    }

    /// This initial state, running from `now`.
    private func running(since now: TimeReading) -> StopwatchState {
        var state = self
        state.status = .running
        state.runningSince = now
        state.startedAt = now.wall
        return state
    }

    func refusal(_ operation: StopwatchOperation, _ now: TimeReading) -> StopwatchError {
        .notApplicable(operation, self, at: now)
    }
}
