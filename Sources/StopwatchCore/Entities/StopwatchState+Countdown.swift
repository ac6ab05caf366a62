extension StopwatchState {
    public var isCountdown: Bool { countdown != nil }

    /// True when it runs to an end it knows: a countdown, or a cycle of so many rounds (what `wait`
    /// waits for).
    public var hasEnd: Bool { countdown != nil || (isCycle && sequenceBox.sequence.rounds != nil) }

    /// A new countdown of `duration`, running from `now`, with `hook` to run at zero.
    public static func countdown(
        _ name: StopwatchName, duration: Duration, startedAt now: TimeReading, hook: ExpiryHook? = nil
    ) -> StopwatchState {
        StopwatchState.initial(name, countdown: duration, hook: hook).restarted(at: now)
    }

    /// This countdown with `change` added to its duration (taken away, when negative): its time left
    /// grows or shrinks by as much, but never below zero (taking more than is left ends it now,
    /// and an expired one stays as it is), nor above `DurationSyntax.maximum`. Elapsed time and
    /// laps are untouched. Nil for a stopwatch.
    public func addingTime(_ change: Duration, at now: TimeReading) -> StopwatchState? {
        guard let countdown else { return nil }
        let elapsed = elapsed(at: now).duration
        let floor = min(countdown, max(elapsed, .zero))
        var state = self
        state.countdown = min(DurationSyntax.maximum, max(floor, countdown + change))
        return state
    }

    /// True for a countdown whose elapsed time has reached its duration at `now`.
    public func isExpired(at now: TimeReading) -> Bool {
        countdownProgress(at: now)?.isExpired ?? false
    }

    /// The countdown's progress at `now`, or nil for a stopwatch.
    ///
    /// It is read from the elapsed time, which never decreases, so the remaining time never grows
    /// by itself: only a reset brings it back.
    ///
    /// A cycle with a number of rounds counts down to its end the same way: its duration is the
    /// elapsed time at which its last phase ends (`SequenceProgress.end`, which `next` moves).
    public func countdownProgress(at now: TimeReading) -> CountdownProgress? {
        guard let countdown = countdown ?? (isCycle ? cycleProgress(at: now).end : nil) else { return nil }
        return countdownProgress(end: countdown, at: now)
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
