/// One look at the clocks: the wall clock and the boot clock, read together.
///
/// The boot clock (Linux `CLOCK_BOOTTIME`) counts through suspend and ignores changes to the wall
/// clock, so it measures intervals within one `bootSession`. The wall clock is what is left to compare
/// readings across a reboot. Both are whole microseconds, so a reading survives a round trip through
/// the state file unchanged.
public struct TimeReading: Sendable, Hashable {
    /// Time since the Unix epoch on the wall clock.
    public var wall: Duration
    /// Time on the boot clock, meaningful only against readings of the same `bootSession`.
    public var boot: Duration
    /// The boot (and time namespace) the boot clock's reading belongs to.
    public var bootSession: BootSession

    /// A reading of these clocks.
    public init(wall: Duration, boot: Duration, bootSession: BootSession) {
        self.wall = wall
        self.boot = boot
        self.bootSession = bootSession
    }

    /// The time from `earlier` to this reading, and whether it had to be estimated.
    ///
    /// Within one boot session this is the boot-clock difference. Across sessions (a reboot) it is the
    /// wall-clock difference, which a clock change can distort, so it is marked estimated. Either way
    /// it is never negative.
    public func interval(since earlier: TimeReading) -> (duration: Duration, isEstimated: Bool) {
        if bootSession == earlier.bootSession {
            return (max(.zero, boot - earlier.boot), false)
        }
        return (max(.zero, wall - earlier.wall), true)
    }

    /// The reading `interval` before this one, on both clocks; nil when that is before this boot
    /// began, where the boot clock cannot tell it.
    public func back(by interval: Duration) -> TimeReading? {
        guard interval <= boot else { return nil }
        return TimeReading(wall: wall - interval, boot: boot - interval, bootSession: bootSession)
    }
}
