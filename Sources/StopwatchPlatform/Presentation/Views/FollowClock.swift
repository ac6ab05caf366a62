/// When a format's text can next change as time passes: what `--follow` sets its timer for, so
/// that it wakes once a second for a whole-seconds format, every hundredth for a line that shows
/// hundredths, and never while nothing runs.
///
/// Every time shown is truncated, so a time's text changes only when the time crosses a multiple
/// of its step: the elapsed time's multiples for a stopwatch and for a countdown's time left (the
/// duration less the truncated elapsed time), the time over's multiples once a countdown has
/// expired. A countdown's expiry changes its status wherever it falls, so a running countdown's
/// expiry is always a wake-up, even in a format that shows no time, and so is a cycle's phase edge;
/// a cycle's times are its phase's, whose steps count from the phase's start.
public struct FollowClock: Sendable, Hashable {
    /// The step of the times shown; nil when the text shows no time (`{name} {status}`).
    public var step: Duration?
    /// True when the text shows an expired countdown's elapsed time besides its time over (a
    /// template's `{time}`): the two cross their steps at different instants.
    public var showsElapsedWhenExpired: Bool

    public init(step: Duration?, showsElapsedWhenExpired: Bool = false) {
        self.step = step
        self.showsElapsedWhenExpired = showsElapsedWhenExpired
    }

    /// How long after the instant `shown` was mapped its text (or `others`', by the expiry of one)
    /// can next change; nil when it cannot as time passes, while nothing runs.
    ///
    /// `others` are a listing's other running and paused ones: their expiries can change which one
    /// is most pressing, and they are shown (in a tooltip, or counted) as of the moment `shown` is,
    /// at its steps rather than theirs, so the text changes at most once a step.
    public func nextChange(of shown: StopwatchViewState, others: [StopwatchViewState] = []) -> Duration? {
        var delays: [Int64] = []
        for state in [shown] + others where state.status.isCounting {
            if let countdown = state.countdown { delays.append(max(1, countdown.remaining.microseconds)) }
        }
        // A cycle's phase edge changes its label and time, whatever the format shows.
        if shown.status == .running, let phase = shown.currentPhase, !phase.isWaiting {
            delays.append(max(1, shown.phaseLeft.microseconds))
        }
        if let step, shown.status.isCounting || shown.status == .expired {
            let stepMicroseconds = max(1, step.wholeMicroseconds)
            func untilNextMultiple(_ microseconds: Int64) -> Int64 {
                stepMicroseconds - max(0, microseconds) % stepMicroseconds
            }
            if let phase = shown.currentPhase {
                // A cycle's times are its phase's, which began at its own instant; a template may
                // show its elapsed time too.
                delays.append(untilNextMultiple(phase.isWaiting ? shown.phaseOver.microseconds : phase.duration.microseconds - shown.phaseLeft.microseconds))
                if showsElapsedWhenExpired { delays.append(untilNextMultiple(shown.elapsed.microseconds)) }
            } else if let countdown = shown.countdown, countdown.isExpired {
                delays.append(untilNextMultiple(countdown.overtime.microseconds))
                if showsElapsedWhenExpired { delays.append(untilNextMultiple(shown.elapsed.microseconds)) }
            } else {
                delays.append(untilNextMultiple(shown.elapsed.microseconds))
            }
        }
        return delays.min().map { .microseconds($0) }
    }
}
