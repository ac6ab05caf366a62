/// How finely a format shows time: what `--follow` asks the Core's next event at
/// (`StopwatchState.nextEvent`), so that it wakes once a second for a whole-seconds format, every
/// hundredth for a line that shows hundredths, at a countdown's zero and a cycle's edges whatever
/// it shows, and never while nothing runs.
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
}
