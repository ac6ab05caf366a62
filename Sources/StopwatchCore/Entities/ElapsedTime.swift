/// A stopwatch's elapsed time as read at one instant.
public struct ElapsedTime: Sendable, Hashable {
    public var duration: Duration
    /// True when part of the time was measured on the wall clock across a reboot.
    public var isEstimated: Bool

    public init(duration: Duration, isEstimated: Bool) {
        self.duration = duration
        self.isEstimated = isEstimated
    }
}
