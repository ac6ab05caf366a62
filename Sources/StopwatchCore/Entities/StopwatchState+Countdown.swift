extension StopwatchState {
    /// True for a countdown's plan.
    var isCountdown: Bool {
        if case .countdown = plan { return true }
        return false
    }

    /// A countdown's duration; nil for a stopwatch or a cycle.
    var countdown: Duration? {
        if case .countdown(let duration) = plan { return duration }
        return nil
    }

    /// True when it runs to an end it knows: a countdown, or a cycle of so many rounds (what `wait`
    /// waits for).
    var hasEnd: Bool {
        switch plan {
        case .open: false
        case .countdown: true
        case .sequence(let sequence): sequence.rounds != nil
        }
    }

    /// A new countdown of `duration`, running from `now`, with `hook` to run at zero.
    public static func countdown(
        _ name: StopwatchName, duration: Duration, startedAt now: TimeReading, hook: ExpiryHook? = nil
    ) -> StopwatchState {
        StopwatchState.initial(name, plan: .countdown(duration), hook: hook).restarted(at: now)
    }

    /// This countdown with `change` added to its duration (taken away, when negative), or this
    /// cycle with it added to the phase it is in: its time left grows or shrinks by as much, but
    /// never below zero (taking more than is left ends it now), nor above
    /// `DurationSyntax.maximum`. An expired countdown given more gets it from `now` (five minutes
    /// more, answered late, is five minutes from the answer), with the hook its zero ran armed
    /// again (`claimedHook`); given less, it stays as it is. Elapsed time and laps are untouched.
    /// Nil for a stopwatch, or a cycle whose last phase has ended.
    public func addingTime(_ change: Duration, at now: TimeReading) -> StopwatchState? {
        switch plan {
        case .open:
            return nil
        case .countdown(let countdown):
            var state = self
            let spent = elapsed(at: now).duration
            if status != .initial, spent >= countdown, change > .zero {
                state.plan = .countdown(min(DurationSyntax.maximum, spent + change))
                if state.hook == nil { state.hook = claimedHook }
                state.claimedHook = nil
                return state
            }
            state.plan = .countdown(Self.length(countdown, adding: change, spent: spent))
            return state
        case .sequence(let sequence):
            return addingTime(change, toPhaseOf: sequence, at: now)
        }
    }

    /// `length` with `change` added, never below what `spent` of it has run, nor above the maximum.
    private static func length(_ length: Duration, adding change: Duration, spent: Duration) -> Duration {
        min(DurationSyntax.maximum, max(min(length, max(spent, .zero)), length + change))
    }

    /// The cycle with `change` added to the phase it is in at `now`, by the rule of a countdown's:
    /// the phase is anchored where it began, with its new length (`PhaseAnchor.extra`), so the
    /// phases after it keep theirs. A phase that waits for a person and is made longer than
    /// it has run goes on. Its hook runs at the phase's new end, and warns before it, though it
    /// ran at the old one.
    private func addingTime(_ change: Duration, toPhaseOf sequence: PhaseSequence, at now: TimeReading)
        -> StopwatchState?
    {
        let progress = cycleProgress(at: now)
        guard !progress.isFinished else { return nil }
        let spent = progress.inPhase + progress.overtime
        let extra =
            Self.length(progress.phase.duration, adding: change, spent: spent) - sequence.phase(progress.index).duration
        var state = self
        if let anchor = phaseAnchor, anchor.index == progress.index {
            state.phaseAnchor?.extra = extra
        } else if phaseAnchor == nil, progress.index == 0 {
            state.phaseAnchor = PhaseAnchor(index: 0, at: .zero, extra: extra)
        } else {
            if let anchor = phaseAnchor, anchor.index <= PhaseSequence.itemizedPhases {
                state.earlierAnchors.append(anchor)
            }
            state.phaseAnchor = PhaseAnchor(index: progress.index, at: elapsed(at: now).duration - spent, extra: extra)
        }
        state.firedEdges = min(firedEdges, state.edgesPassed(at: now))
        state.firedWarnings = min(firedWarnings, state.warningsPassed(at: now))
        return state
    }

    /// True for a countdown, or a cycle of so many rounds, whose elapsed time has reached its end
    /// at `now`.
    public func isExpired(at now: TimeReading) -> Bool {
        // One reset (or never started) has not run to its end, whatever its length.
        status != .initial && countdownProgress(at: now)?.isExpired ?? false
    }

    /// Where the run stands against its plan at `now`: the one reading of progress.
    public func progress(at now: TimeReading) -> PlanProgress {
        switch plan {
        case .open:
            return .open
        case .countdown(let duration):
            return PlanProgress(end: countdownProgress(end: duration, at: now))
        case .sequence:
            var cycle = cycleProgress(at: now)
            if let end = cycle.end { cycle.planEnd = countdownProgress(end: end, at: now) }
            return PlanProgress(end: cycle.planEnd, phase: cycle)
        }
    }

    /// `progress(at:).end`: progress towards the run's end at `now`, or nil for a run without
    /// one (a stopwatch, a cycle until stopped).
    ///
    /// It is read from the elapsed time, which never decreases, so the remaining time never grows
    /// by itself: only a reset brings it back. A cycle with a number of rounds counts down to its
    /// end the same way: its duration is the elapsed time at which its last phase ends
    /// (`SequenceProgress.end`, which `next` moves).
    func countdownProgress(at now: TimeReading) -> CountdownProgress? {
        switch plan {
        case .open: return nil
        case .countdown(let duration): return countdownProgress(end: duration, at: now)
        case .sequence: return cycleProgress(at: now).end.map { countdownProgress(end: $0, at: now) }
        }
    }

    /// The progress towards `end` of the elapsed time: a countdown's of its duration, a cycle's of
    /// its last phase's end, read once by a caller that has it.
    public func countdownProgress(end countdown: Duration, at now: TimeReading) -> CountdownProgress {
        let elapsed = elapsed(at: now)
        return CountdownProgress(
            duration: countdown,
            remaining: max(.zero, countdown - elapsed.duration),
            overtime: max(.zero, elapsed.duration - countdown),
            isEstimated: elapsed.isEstimated
        )
    }
}
