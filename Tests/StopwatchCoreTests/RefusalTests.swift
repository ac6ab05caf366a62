import StopwatchCore
import StopwatchTestSupport
import Testing

/// Why an operation is refused, read once in the Core from the run's status and plan, for the
/// Platform to word without asking which plan it is.
@Suite struct RefusalTests {
    let clock = ManualTimeSource()
    let name = StopwatchName("x")!

    @Test func aStopwatchsRefusalsSayItHasNoEndAndIsNoCycle() throws {
        let running = try StopwatchState.initial(name).started(at: clock.now())
        let paused = try running.paused(at: clock.now())
        let now = clock.now()
        #expect(running.refusal(of: .start, at: now) == .running)
        #expect(paused.refusal(of: .pause, at: now) == .paused)
        #expect(StopwatchState.initial(name).refusal(of: .lap, at: now) == .notStarted)
        #expect(running.refusal(of: .wait, at: now) == .noEnd)
        #expect(running.refusal(of: .dismiss, at: now) == .noEnd)
        #expect(running.refusal(of: .addTime, at: now) == .nothingToExtend)
        #expect(running.refusal(of: .next, at: now) == .notACycle(hasEnd: false))
        #expect(running.refusal(of: .createCountdown, at: now) == .otherPlan)
    }

    @Test func aCountdownsRefusalsFollowItsZero() {
        let tea = StopwatchState.countdown(name, duration: .seconds(10), startedAt: clock.now())
        #expect(tea.refusal(of: .start, at: clock.now()) == .running)
        #expect(tea.refusal(of: .dismiss, at: clock.now()) == .notExpired)
        #expect(tea.refusal(of: .createCountdown, at: clock.now()) == .timeLeft)
        #expect(tea.refusal(of: .waitForEdge, at: clock.now()) == .notACycle(hasEnd: true))
        clock.advance(by: .seconds(10))
        #expect(tea.refusal(of: .start, at: clock.now()) == .expired)
        #expect(tea.refusal(of: .pause, at: clock.now()) == .expired)
    }

    @Test func aCyclesRefusalsSayWhetherItEndsAndWhenItEnded() {
        let endless = StopwatchState.cycle(name, sequence: .pomodoro, startedAt: clock.now())
        #expect(endless.refusal(of: .wait, at: clock.now()) == .repeatsUntilStopped)
        #expect(endless.refusal(of: .dismiss, at: clock.now()) == .noEnd)
        #expect(endless.refusal(of: .createCycle, at: clock.now()) == .cycleInUse)
        #expect(endless.refusal(of: .createCountdown, at: clock.now()) == .otherPlan)
        let once = StopwatchState.cycle(
            name, sequence: PhaseSequence(phases: [Phase("work", .seconds(5))], rounds: 1), startedAt: clock.now())
        clock.advance(by: .seconds(6))
        #expect(once.refusal(of: .next, at: clock.now()) == .lastPhaseEnded)
        #expect(once.refusal(of: .addTime, at: clock.now()) == .lastPhaseEnded)
        #expect(once.refusal(of: .waitForEdge, at: clock.now()) == .lastPhaseEnded)
        #expect(
            StopwatchState.initial(name, plan: .sequence(.pomodoro)).refusal(of: .next, at: clock.now()) == .notStarted)
    }
}
