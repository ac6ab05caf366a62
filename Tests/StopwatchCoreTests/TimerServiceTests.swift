import StopwatchCore
import StopwatchTestSupport
import Testing

@Suite struct TimerServiceTests {
    let clock = ManualTimeSource()
    let ticks = Recorder<Void>()

    func makeService() -> TimerService {
        let service = TimerService(scheduler: clock)
        service.addListener { [ticks] in ticks.record(()) }
        return service
    }

    @Test func ticksEveryTenMillisecondsWhileStarted() {
        let service = makeService()
        #expect(clock.scheduledCount == 0)
        service.start()
        #expect(clock.nextDeadline == .zero, "the first tick at once")
        for _ in 0..<3 { clock.advance(by: .milliseconds(10)) }
        #expect(ticks.values.count == 3)
        #expect(clock.nextDeadline == .milliseconds(10))
        service.stop()
        clock.advance(by: .milliseconds(30))
        #expect(ticks.values.count == 3)
        #expect(!service.isRunning && clock.scheduledCount == 0)
    }

    @Test func startingTwiceSchedulesOneTick() {
        let service = makeService()
        service.start()
        service.start()
        #expect(clock.scheduledCount == 1)
        clock.advance(by: .milliseconds(10))
        #expect(ticks.values.count == 1)
    }

    @Test func followsAStopwatchTickingOnlyWhileItRuns() throws {
        let service = makeService()
        let store = StateStore(StopwatchSnapshot.initial(.default))
        service.follow(store)
        #expect(clock.scheduledCount == 0)
        let running = try StopwatchState.initial(.default).started(at: clock.now())
        store.update(StopwatchSnapshot(state: running, readAt: clock.now()))
        #expect(service.isRunning && clock.scheduledCount == 1)
        store.update(StopwatchSnapshot(state: try running.paused(at: clock.now()), readAt: clock.now()))
        #expect(!service.isRunning && clock.scheduledCount == 0)
    }

    @Test func ticksCarryNoTime() throws {
        // What a view reads on each tick of a followed stopwatch is the clock's time: ticks that
        // fell behind fire once, and show the time that passed, not a count of intervals.
        let service = makeService()
        let store = StateStore(StopwatchSnapshot.initial(.default))
        let shown = Recorder<Duration>()
        service.addListener { [clock] in shown.record(store.state.state.elapsed(at: clock.now()).duration) }
        service.follow(store)
        store.update(
            StopwatchSnapshot(state: try StopwatchState.initial(.default).started(at: clock.now()), readAt: clock.now())
        )
        clock.advance(by: .zero)
        #expect(shown.values == [.zero])
        clock.advance(by: .seconds(2))
        #expect(shown.values == [.zero, .seconds(2)], "two seconds late: one tick, showing two seconds")
        #expect(store.state.state.accumulated == .zero, "a tick changes no state")
    }

    @Test func theFakeFiresWhatCameDueInOrderAtItsInstant() {
        let fired = Recorder<String>()
        let start = clock.now().boot
        let late = clock.after(.seconds(3)) { [clock] in fired.record("late at \(clock.now().boot - start)") }
        let early = clock.after(.seconds(1)) { [clock] in fired.record("early at \(clock.now().boot - start)") }
        let cancelled = clock.after(.seconds(2)) { fired.record("cancelled") }
        cancelled.cancel()
        clock.suspend(for: .seconds(5))
        #expect(fired.values == ["early at 1.0 seconds", "late at 3.0 seconds"])
        #expect(clock.now().boot - start == .seconds(5))
        withExtendedLifetime((late, early)) {}
    }
}
