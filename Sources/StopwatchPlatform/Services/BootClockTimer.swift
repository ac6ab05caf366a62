import Glibc

/// A one-shot timer on the boot clock that raises SIGALRM: a POSIX timer on `CLOCK_BOOTTIME`, for a
/// thread that takes its signals with `sigwaitinfo` (`wait`).
///
/// The boot clock counts through suspend and ignores wall-clock changes, so a timer set for a
/// countdown's remaining time goes off when the countdown expires even if the machine slept
/// meanwhile. It wakes within microseconds of its time and costs nothing while it waits.
final class BootClockTimer {
    /// A timer's id may be 0, which Swift sees as a nil pointer: kept optional.
    private let timer: timer_t?

    /// Returns nil when the kernel cannot make the timer.
    init?() {
        var event = sigevent()
        event.sigev_notify = Int32(SIGEV_SIGNAL)
        event.sigev_signo = SIGALRM
        var timer: timer_t?
        guard timer_create(CLOCK_BOOTTIME, &event, &timer) == 0 else { return nil }
        self.timer = timer
    }

    deinit {
        timer_delete(timer)
    }

    /// Sets the timer `delay` from now, replacing any set before; a delay under a nanosecond is one.
    func set(after delay: Duration) {
        let (seconds, attoseconds) = delay.components
        var value = itimerspec()
        if seconds > 0 || (seconds == 0 && attoseconds >= 1_000_000_000) {
            value.it_value.tv_sec = Int(seconds)
            value.it_value.tv_nsec = Int(attoseconds / 1_000_000_000)
        } else {
            value.it_value.tv_nsec = 1
        }
        timer_settime(timer, 0, &value, nil)
    }

    /// Unsets the timer; setting it again later is allowed.
    func unset() {
        var value = itimerspec()
        timer_settime(timer, 0, &value, nil)
    }
}
