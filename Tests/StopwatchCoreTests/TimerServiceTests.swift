import StopwatchCore
import StopwatchTestSupport
import Testing

@Suite struct TimerServiceTests {
    let ticker = ManualTicker()
    let ticks = Recorder<Void>()

    func makeService() -> TimerService {
        let service = TimerService(ticker: ticker)
        service.addListener { [ticks] in ticks.record(()) }
        return service
    }

    @Test func ticksEveryTenMillisecondsWhileStarted() {
        let service = makeService()
        #expect(!ticker.isTicking)
        service.start()
        #expect(ticker.interval == .milliseconds(10))
        ticker.tick(3)
        service.stop()
        ticker.tick(3)
        #expect(ticks.values.count == 3)
        #expect(!service.isRunning)
    }

    @Test func startingTwiceStartsTheTickerOnce() {
        let service = makeService()
        service.start()
        service.start()
        #expect(ticker.startCount == 1)
    }

    @Test func followsAStopwatchTickingOnlyWhileItRuns() throws {
        let service = makeService()
        let clock = ManualTimeSource()
        let store = StateStore(StopwatchSnapshot.initial(.default))
        service.follow(store)
        #expect(!ticker.isTicking)
        let running = try StopwatchState.initial(.default).started(at: clock.now())
        store.update(StopwatchSnapshot(state: running, readAt: clock.now()))
        #expect(ticker.isTicking)
        store.update(StopwatchSnapshot(state: try running.paused(at: clock.now()), readAt: clock.now()))
        #expect(!ticker.isTicking)
    }

    @Test func ticksCarryNoTime() throws {
        // A stopwatch read after many ticks shows the clock's time, not the tick count times 10 ms.
        let service = makeService()
        let clock = ManualTimeSource()
        let state = try StopwatchState.initial(.default).started(at: clock.now())
        service.start()
        ticker.tick(1000)
        clock.advance(by: .seconds(2))
        #expect(state.elapsed(at: clock.now()).duration == .seconds(2))
    }
}
