import Dispatch
import StopwatchCore
import StopwatchPlatform
import StopwatchTestSupport
import Testing

/// The live views' scheduler against real time: it ticks, stops ticking, and wakes once after a
/// delay. It asserts no speed: it waits, with a generous limit, for ticks to arrive, and judges a
/// stopped ticker against one still running on the same queue, which a slow machine slows alike.
@Suite struct DispatchSchedulerTests {
    @Test func ticksUntilStopped() {
        let queue = DispatchQueue(label: "ticker-test")
        let scheduler = DispatchScheduler(queue: queue)
        let ticks = DispatchSemaphore(value: 0)
        let service = TimerService(scheduler: scheduler)
        service.addListener { ticks.signal() }
        service.start()
        for _ in 0..<3 { #expect(ticks.wait(timeout: .now() + .seconds(10)) == .success) }
        service.stop()
        // Whatever was already queued has run once the queue drains; nothing ticks after that,
        // while a reference tick on the same queue ticks five times.
        queue.sync {}
        let after = Recorder<Void>()
        service.addListener { after.record(()) }
        let referenceTicks = DispatchSemaphore(value: 0)
        let reference = scheduler.every(.milliseconds(10)) { referenceTicks.signal() }
        for _ in 0..<5 { #expect(referenceTicks.wait(timeout: .now() + .seconds(10)) == .success) }
        reference.cancel()
        queue.sync {}
        #expect(after.values.isEmpty)
    }

    @Test func aWakeUpComesOnceAndACancelledOneNever() {
        let queue = DispatchQueue(label: "after-test")
        let scheduler = DispatchScheduler(queue: queue)
        let fired = Recorder<String>()
        let woken = DispatchSemaphore(value: 0)
        // Set and cancelled in one turn of the queue, as a live view does: however loaded the
        // machine, its handler cannot have run before the cancel.
        queue.sync {
            let cancelled = scheduler.after(.milliseconds(1)) { fired.record("cancelled") }
            cancelled.cancel()
        }
        let once = scheduler.after(.milliseconds(20)) {
            fired.record("once")
            woken.signal()
        }
        #expect(woken.wait(timeout: .now() + .seconds(10)) == .success)
        // A later wake-up on the same queue has come and gone: the first did not come again.
        let later = DispatchSemaphore(value: 0)
        let marker = scheduler.after(.milliseconds(30)) { later.signal() }
        #expect(later.wait(timeout: .now() + .seconds(10)) == .success)
        queue.sync {}
        #expect(fired.values == ["once"])
        withExtendedLifetime((once, marker)) {}
    }
}
