extension StopwatchState {
    /// The elapsed time at `now`: `accumulated` plus the current running segment, less the time
    /// the machine slept in it when its away policy drops away time.
    ///
    /// A segment estimated across a reboot is never taken below the latest lap's total, nor below
    /// where a cycle's phase last changed (`next`, `timer --add`): the wall clock may have been
    /// set back before the reboot, but a split already recorded stands.
    public func elapsed(at now: TimeReading) -> ElapsedTime {
        // Standing while nobody is there (`awayStand`), it holds its time as a paused one does.
        guard status == .running, let runningSince, awayStand == nil else {
            return ElapsedTime(duration: accumulated, isEstimated: isEstimated)
        }
        let segment = now.interval(since: runningSince)
        var duration = accumulated + segment.duration
        if case .drop = effectiveAwayPolicy { duration = duration - now.asleep(since: runningSince) }
        if segment.isEstimated { duration = max(duration, splitFloor) }
        return ElapsedTime(duration: duration, isEstimated: isEstimated || segment.isEstimated)
    }

    /// The time no correction takes it below: its latest lap's total, or where a cycle's phase
    /// last changed (`next`, `timer --add`). Those stand: a later start, an earlier end, away
    /// time dropped or given away after the fact stop there.
    public var splitFloor: Duration { max(latestLap?.total ?? .zero, phaseAnchor?.at ?? .zero) }

    /// True when the running segment began in another boot session than `now`'s.
    public func needsRebase(at now: TimeReading) -> Bool {
        status == .running && runningSince.map { $0.bootSession != now.bootSession } ?? false
    }

    /// Pins the time estimated across a reboot and restarts the running segment on `now`'s boot clock.
    ///
    /// The wall-clock estimate is folded into `accumulated` once, so later reads measure on the new
    /// boot clock and cannot go backwards when the wall clock is set back.
    public func rebased(at now: TimeReading) -> StopwatchState {
        guard needsRebase(at: now) else { return self }
        // A stand left open by the reboot (the watcher ended with it) ends here: nobody was there.
        if awayStand != nil { return endingStand(at: now) }
        var state = self
        let elapsed = elapsed(at: now)
        state.accumulated = elapsed.duration
        state.away = away(at: now)
        state.isEstimated = elapsed.isEstimated
        state.countingSince = countingSince ?? runningSince?.wall
        state.runningSince = now
        return state
    }
}
