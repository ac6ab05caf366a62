/// One look at the clocks: the wall clock and the boot clock, read together, and how long the
/// machine has slept.
///
/// The boot clock (Linux `CLOCK_BOOTTIME`) counts through suspend and ignores changes to the wall
/// clock, so it measures intervals within one `bootSession`. The wall clock is what is left to compare
/// readings across a reboot. `asleep` is the boot clock less the monotonic clock (which stops in a
/// suspend): the time suspended since the boot, so two readings of one session tell how long the
/// machine slept between them. All are whole microseconds, so a reading survives a round trip
/// through the state file unchanged.
public struct TimeReading: Sendable, Hashable {
    /// Time since the Unix epoch on the wall clock.
    public var wall: Duration
    /// Time on the boot clock, meaningful only against readings of the same `bootSession`.
    public var boot: Duration
    /// The boot (and time namespace) the boot clock's reading belongs to.
    public var bootSession: BootSession
    /// How long the machine has been suspended since it booted: meaningful, as `boot` is, only
    /// against readings of the same `bootSession`. Never more than `boot`.
    public var asleep: Duration

    /// A reading of these clocks.
    public init(wall: Duration, boot: Duration, bootSession: BootSession, asleep: Duration = .zero) {
        self.wall = wall
        self.boot = boot
        self.bootSession = bootSession
        self.asleep = asleep
    }

    /// How long the machine slept between `earlier` and this reading, never more than the time
    /// between them. Across a reboot, what it slept since this boot (what it did before the
    /// reboot, after `earlier`, no clock can tell).
    public func asleep(since earlier: TimeReading) -> Duration {
        // The same sleep read twice: none between (across a reboot, two boots' sleeps equal to
        // the millisecond are chance, and none is as good an answer as any).
        if asleep == earlier.asleep { return .zero }
        let (interval, _) = interval(since: earlier)
        let slept = bootSession == earlier.bootSession ? asleep - earlier.asleep : asleep
        return min(interval, max(.zero, slept))
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
    /// began, where the boot clock cannot tell it. How long the machine had slept then is not
    /// known: it is taken as the least it can have been (as if it slept all of `interval`).
    public func back(by interval: Duration) -> TimeReading? {
        guard interval <= boot else { return nil }
        return TimeReading(
            wall: wall - interval, boot: boot - interval, bootSession: bootSession,
            asleep: max(.zero, asleep - interval))
    }
}
