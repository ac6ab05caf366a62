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
        // What a view reads on each tick of a followed stopwatch is the clock's time: a thousand
        // ticks without time passing show none, and one tick after two seconds shows two.
        let service = makeService()
        let clock = ManualTimeSource()
        let store = StateStore(StopwatchSnapshot.initial(.default))
        let shown = Recorder<Duration>()
        service.addListener { shown.record(store.state.state.elapsed(at: clock.now()).duration) }
        service.follow(store)
        store.update(StopwatchSnapshot(state: try StopwatchState.initial(.default).started(at: clock.now()), readAt: clock.now()))
        ticker.tick(1000)
        #expect(shown.values.count == 1000)
        #expect(shown.values.allSatisfy { $0 == .zero })
        clock.advance(by: .seconds(2))
        ticker.tick()
        #expect(shown.values.last == .seconds(2))
        #expect(store.state.state.accumulated == .zero, "a tick changes no state")
    }
}
