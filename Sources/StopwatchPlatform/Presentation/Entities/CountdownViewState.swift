/// What a view shows of a countdown beyond a stopwatch's elapsed time.
public struct CountdownViewState: Sendable, Hashable {
    /// The full duration, truncated: the time left at the start.
    public var duration: DurationViewState
    /// The time left: the duration minus the truncated elapsed time, at each precision
    /// (`DurationTextMapper.left`).
    public var remaining: DurationViewState
    public var overtime: DurationViewState
    public var isExpired: Bool
    /// When it expires (or expired) while running; nil while paused or not started, or while a
    /// cycle waits for a person, when that instant is not known.
    public var end: EndTime?
    /// RFC 3339 UTC instant at which it expires (or expired) while running.
    public var expiresAt: String? { end?.utc }
    /// The local time it ends (ended) while running, to the second, truncated, its seconds shown
    /// when not zero (`StopwatchUIMapper.localEnd`): `17:30`, `17:30:45`, `12:26
    /// tomorrow`, or `09:00 on 2026-11-30` further ahead; nil when `expiresAt` is.
    public var endsAt: String? { end?.local }
    /// The share of the duration elapsed, in thousandths, truncated: 0 to 1000.
    public var progressPermille: Int
}

extension CountdownViewState {
    /// True when `other` differs from this one at most in its time left and over, as the same
    /// countdown at another instant does while neither its state nor its expiry changes.
    func differsOnlyInTimes(from other: Self) -> Bool {
        isExpired == other.isExpired && progressPermille == other.progressPermille && duration == other.duration
            && end == other.end
    }
}
