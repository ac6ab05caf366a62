extension StopwatchState {
    /// This run standing still from `now`, because nobody is there for `cause` (a lock heard, or
    /// an idle stretch once the desktop says so): what the away watcher writes as the stretch
    /// begins on a run whose policy drops away time. Its time, a countdown's zero and a cycle's
    /// edges stop where they are until the stretch ends (`booking(_:since:at:)`), so no hook
    /// fires and `wait` does not return meanwhile. What it counted before `now` (an idle delay)
    /// stands, as a lap does.
    ///
    /// Nil (nothing to write) unless it runs here and counts towards its plan: a run that keeps or
    /// asks counts on; one already standing, past its countdown's zero or its cycle's end, or
    /// waiting for a person, has nothing to stand.
    public func standing(_ cause: AwayCause, at now: TimeReading) -> StopwatchState? {
        guard status == .running, let runningSince, awayStand == nil, effectiveAwayPolicy == .drop,
            runningSince.bootSession == now.bootSession, overtime(at: now) == .zero
        else { return nil }
        var state = folded(at: now)
        state.awayStand = cause
        return state
    }

    /// How long it has run past what its plan counts: a countdown's time over, a cycle's once it
    /// has ended or while it waits for a person; zero for a stopwatch. Away time is booked only on
    /// the span before it.
    func overtime(at now: TimeReading) -> Duration {
        switch plan {
        case .open:
            return .zero
        case .countdown(let duration):
            return countdownProgress(end: duration, at: now).overtime
        case .sequence:
            let progress = cycleProgress(at: now)
            return progress.isFinished || progress.isWaiting ? progress.overtime : .zero
        }
    }

    /// Adds `awake`, time nobody was there and the machine was awake, to `cause`'s share of the
    /// away time (a suspend has none: its time is all sleep).
    mutating func addAwake(_ awake: Duration, of cause: AwayCause) {
        switch cause {
        case .suspend: break
        case .lock: awayLocked += awake
        case .idle: awayIdle += awake
        }
    }

    /// The stand (`standing(_:at:)`) ended at `now`: the stretch since it began booked as away
    /// time of its cause (the sleep inside it suspend's), counted in the run's time only where its
    /// policy now counts away time, and the running segment begun again at `now`. Across a reboot
    /// the stretch is measured on the wall clock, up to `now`, and its time is estimated. Itself
    /// when it does not stand.
    public func endingStand(at now: TimeReading) -> StopwatchState {
        guard let cause = awayStand, let runningSince else { return self }
        let (length, estimated) = now.interval(since: runningSince)
        let asleep = now.asleep(since: runningSince)
        let awake = max(.zero, length - asleep)
        var state = self
        state.awayStand = nil
        // Ended as it began (a pause told in the same instant): nothing to book, and the stretch
        // before it stays the last, to be cut or given away.
        guard length > .zero else { return state }
        state.away = away + length
        state.addAwake(awake, of: cause)
        if effectiveAwayPolicy.counts { state.accumulated = accumulated + length }
        state.isEstimated = isEstimated || (estimated && effectiveAwayPolicy.counts)
        state.lastAway = AwayStretch(
            cause: cause, from: now.wall - length, to: now.wall, length: length, asleep: asleep)
        state.runningSince = now
        return state
    }
}
