import Dispatch
import StopwatchCore
import StopwatchTestSupport
import Testing

/// The production ticker against real time: it ticks, and stops ticking. It asserts no speed: it
/// waits, with a generous limit, for ticks to arrive, and judges a stopped ticker against one
/// still running on the same queue, which a slow machine slows alike.
@Suite struct DispatchTickerTests {
    @Test func ticksUntilStopped() {
        let queue = DispatchQueue(label: "ticker-test")
        let ticker = DispatchTicker(queue: queue)
        let ticks = DispatchSemaphore(value: 0)
        let service = TimerService(ticker: ticker)
        service.addListener { ticks.signal() }
        service.start()
        for _ in 0..<3 { #expect(ticks.wait(timeout: .now() + .seconds(10)) == .success) }
        service.stop()
        // Whatever was already queued has run once the queue drains; nothing ticks after that,
        // while a reference ticker on the same queue ticks five times.
        queue.sync {}
        let after = Recorder<Void>()
        service.addListener { after.record(()) }
        let reference = DispatchTicker(queue: queue)
        let referenceTicks = DispatchSemaphore(value: 0)
        reference.start(interval: .milliseconds(10)) { referenceTicks.signal() }
        for _ in 0..<5 { #expect(referenceTicks.wait(timeout: .now() + .seconds(10)) == .success) }
        reference.stop()
        queue.sync {}
        #expect(after.values.isEmpty)
    }
}
