import CLinuxDescriptors
import Glibc

/// A timer on the boot clock, as a descriptor: a `timerfd` on `CLOCK_BOOTTIME` that becomes
/// readable when it goes off, for a scheduler to wait on with poll(2) or a Dispatch read source.
///
/// The boot clock counts through suspend and ignores wall-clock changes, so a timer set for a
/// countdown's remaining time goes off when the countdown expires even if the machine slept
/// meanwhile. It wakes within microseconds of its time and costs nothing while it waits.
final class BootClockTimer: Sendable {
    /// The descriptor; closed with the timer.
    let descriptor: Int32

    /// Returns nil when the kernel cannot make the timer.
    init?() {
        descriptor = timerfd_create(CLOCK_BOOTTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard descriptor >= 0 else { return nil }
    }

    deinit {
        close(descriptor)
    }

    /// Sets the timer to go off `delay` from now (a delay under a microsecond is one), and then
    /// every `interval` if one is given; replaces any setting before.
    func set(after delay: Duration, every interval: Duration? = nil) {
        var value = itimerspec()
        value.it_value = Self.timespec(max(.microseconds(1), delay))
        if let interval { value.it_interval = Self.timespec(max(.microseconds(1), interval)) }
        timerfd_settime(descriptor, 0, &value, nil)
    }

    /// Unsets the timer; setting it again later is allowed.
    func unset() {
        var value = itimerspec()
        timerfd_settime(descriptor, 0, &value, nil)
    }

    /// Reads the count of expirations since the last read, which makes the descriptor unreadable
    /// until the timer goes off again; 0 when it has not gone off.
    @discardableResult
    func consume() -> UInt64 {
        var expirations: UInt64 = 0
        return read(descriptor, &expirations, MemoryLayout<UInt64>.size) == MemoryLayout<UInt64>.size ? expirations : 0
    }

    private static func timespec(_ duration: Duration) -> Glibc.timespec {
        let microseconds = duration.wholeMicroseconds
        return Glibc.timespec(tv_sec: Int(microseconds / 1_000_000), tv_nsec: Int(microseconds % 1_000_000 * 1000))
    }
}
