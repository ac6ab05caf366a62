import StopwatchCore
import Synchronization

/// A `TimeSource` that stands still until a test moves it, with helpers for the clock events the
/// stopwatch must survive: time passing, suspend, a wall-clock change, a reboot.
public final class ManualTimeSource: TimeSource {
    private let reading: Mutex<TimeReading>
    private let reboots = Mutex(0)
    private let stepPerRead: Duration

    /// Starts at 2026-01-01T00:00:00Z on the wall clock, 100 s into boot session "boot-0".
    /// `stepPerRead` moves both clocks on after every read, as slow work between two looks would.
    public init(
        wall: Duration = .seconds(1_767_225_600),
        boot: Duration = .seconds(100),
        bootSession: BootSession = BootSession("boot-0"),
        stepPerRead: Duration = .zero
    ) {
        reading = Mutex(TimeReading(wall: wall, boot: boot, bootSession: bootSession))
        self.stepPerRead = stepPerRead
    }

    public func now() -> TimeReading {
        reading.withLock { reading in
            defer {
                reading.wall += stepPerRead
                reading.boot += stepPerRead
            }
            return reading
        }
    }

    /// Time passes normally: both clocks move on.
    public func advance(by duration: Duration) {
        reading.withLock { reading in
            reading.wall += duration
            reading.boot += duration
        }
    }

    /// The machine sleeps: the boot clock counts the suspension, as Linux `CLOCK_BOOTTIME` does.
    public func suspend(for duration: Duration) {
        advance(by: duration)
    }

    /// Someone sets the wall clock (forward for a positive `offset`); the boot clock does not notice.
    public func shiftWallClock(by offset: Duration) {
        reading.withLock { $0.wall += offset }
    }

    /// The machine restarts after `downtime`: a new boot session whose boot clock starts near zero.
    public func reboot(after downtime: Duration, bootClockAtStart: Duration = .seconds(5)) {
        let count = reboots.withLock { count in
            count += 1
            return count
        }
        reading.withLock { reading in
            reading.wall += downtime
            reading.boot = bootClockAtStart
            reading.bootSession = BootSession("boot-\(count)")
        }
    }

    /// Enters another time namespace whose offset is not known: same boot, a boot clock shifted
    /// by `offset`, and another session. (`SystemTimeSource` takes a known offset off, so a
    /// namespace is usually the same session.)
    public func enterTimeNamespace(offset: Duration, session: BootSession) {
        reading.withLock { reading in
            reading.boot += offset
            reading.bootSession = session
        }
    }
}
