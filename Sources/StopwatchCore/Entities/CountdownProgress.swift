/// Where a countdown stands at one instant.
public struct CountdownProgress: Sendable, Hashable {
    /// The full duration.
    public var duration: Duration
    /// Time left; zero once expired.
    public var remaining: Duration
    /// Time counted since expiry; zero until then.
    public var overtime: Duration
    /// True when part of the elapsed time was estimated from the wall clock after a reboot.
    public var isEstimated: Bool

    /// A countdown of `duration` with `remaining` left and `overtime` past its zero.
    public init(duration: Duration, remaining: Duration, overtime: Duration, isEstimated: Bool) {
        self.duration = duration
        self.remaining = remaining
        self.overtime = overtime
        self.isEstimated = isEstimated
    }

    /// Expired once the elapsed time reaches the duration.
    public var isExpired: Bool { remaining == .zero }
}
