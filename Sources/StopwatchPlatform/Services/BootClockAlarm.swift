import Dispatch
import Glibc

/// A one-shot alarm on the boot clock, delivered on a queue: a POSIX timer on `CLOCK_BOOTTIME`
/// that raises SIGALRM, received by a Dispatch signal source.
///
/// The boot clock counts through suspend and ignores wall-clock changes, so an alarm set for a
/// countdown's remaining time goes off when the countdown expires even if the machine slept
/// meanwhile. It wakes within microseconds of its time and costs nothing while it waits. A SIGALRM
/// from elsewhere also calls the handler, which must therefore check whether the time has come.
public final class BootClockAlarm: Sendable {
    private let timer: TimerHandle
    private let source: DispatchSourceHolder

    /// Returns nil when the kernel cannot make the timer. SIGALRM is taken over for the process.
    public init?(queue: DispatchQueue, onAlarm: @escaping @Sendable () -> Void) {
        signal(SIGALRM, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGALRM, queue: queue)
        source.setEventHandler(handler: onAlarm)
        source.resume()
        var event = sigevent()
        event.sigev_notify = Int32(SIGEV_SIGNAL)
        event.sigev_signo = SIGALRM
        // A timer's id may be 0, which Swift sees as a nil pointer: keep it optional.
        var timer: timer_t?
        guard timer_create(CLOCK_BOOTTIME, &event, &timer) == 0 else {
            source.cancel()
            return nil
        }
        self.timer = TimerHandle(timer: timer)
        self.source = DispatchSourceHolder(source)
    }

    deinit {
        timer_delete(timer.timer)
    }

    /// Sets the alarm `delay` from now, replacing any set before; a delay under a nanosecond is one.
    public func set(after delay: Duration) {
        let (seconds, attoseconds) = delay.components
        var value = itimerspec()
        if seconds > 0 || (seconds == 0 && attoseconds >= 1_000_000_000) {
            value.it_value.tv_sec = Int(seconds)
            value.it_value.tv_nsec = Int(attoseconds / 1_000_000_000)
        } else {
            value.it_value.tv_nsec = 1
        }
        timer_settime(timer.timer, 0, &value, nil)
    }

    /// Unsets the alarm; setting it again later is allowed.
    public func unset() {
        var value = itimerspec()
        timer_settime(timer.timer, 0, &value, nil)
    }

    public func cancel() {
        unset()
        source.source.cancel()
    }
}

/// A POSIX timer's handle; the kernel object may be used from any thread.
private struct TimerHandle: @unchecked Sendable {
    let timer: timer_t?
}
