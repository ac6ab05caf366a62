import Dispatch
import StopwatchCore
import StopwatchTestSupport
import Testing

/// The production ticker against real time: it ticks, and stops ticking. It asserts no speed; it
/// only waits, with a generous limit, for ticks to arrive.
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
        // Whatever was already queued has run once the queue drains; nothing ticks after that.
        queue.sync {}
        while ticks.wait(timeout: .now()) == .success {}
        let after = Recorder<Void>()
        service.addListener { after.record(()) }
        queue.sync {}
        #expect(after.values.isEmpty)
    }
}
