/// The port for everything time-driven: a repeating tick (a live view's 10 ms redraw) and a
/// one-shot wake-up after a delay (a countdown's expiry, the next whole second a bar shows).
///
/// A delay is counted on the boot clock, which counts through suspend: a wake-up set for a
/// countdown's expiry comes at the expiry even if the machine slept meanwhile. A wake-up only
/// says "look at the clocks again": what is shown, and whether a countdown has expired, is always
/// read from the `TimeSource`, so a late, early or coalesced wake-up delays a redraw at most and
/// nothing counts them as time. A repeating tick that fell behind fires once, not once for each
/// interval missed.
///
/// `StopwatchTestSupport.ManualTimeSource` is the fake: advancing its time fires what came due.
public protocol Scheduler: Sendable {
    /// Calls `action` every `interval`, the first time at once, until the work is cancelled.
    func every(_ interval: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork
    /// Calls `action` once, `delay` from now as the boot clock counts, unless the work is
    /// cancelled first. A delay of zero or less is due at once.
    func after(_ delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledWork
}
