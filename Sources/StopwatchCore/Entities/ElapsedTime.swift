/// A stopwatch's elapsed time as read at one instant.
public struct ElapsedTime: Sendable, Hashable {
    /// The time counted, paused time left out.
    public var duration: Duration
    /// True when part of the time was measured on the wall clock across a reboot.
    public var isEstimated: Bool

    /// `duration`, estimated in part or not.
    public init(duration: Duration, isEstimated: Bool) {
        self.duration = duration
        self.isEstimated = isEstimated
    }
}
