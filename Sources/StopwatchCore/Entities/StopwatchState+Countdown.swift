extension StopwatchState {
    public var isCountdown: Bool { countdown != nil }

    /// A new countdown of `duration`, running from `now`.
    public static func countdown(_ name: StopwatchName, duration: Duration, startedAt now: TimeReading) -> StopwatchState {
        StopwatchState.initial(name, countdown: duration).restarted(at: now)
    }

    /// True for a countdown whose elapsed time has reached its duration at `now`.
    public func isExpired(at now: TimeReading) -> Bool {
        countdownProgress(at: now)?.isExpired ?? false
    }

    /// The countdown's progress at `now`, or nil for a stopwatch.
    ///
    /// It is read from the elapsed time, which never decreases, so the remaining time never grows
    /// by itself: only a reset brings it back.
    public func countdownProgress(at now: TimeReading) -> CountdownProgress? {
        guard let countdown else { return nil }
        let elapsed = elapsed(at: now)
        return CountdownProgress(
            duration: countdown,
            remaining: max(.zero, countdown - elapsed.duration),
            overtime: max(.zero, elapsed.duration - countdown),
            isEstimated: elapsed.isEstimated
        )
    }
}
