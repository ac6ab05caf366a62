import StopwatchCore
import StopwatchTestSupport
import Testing

/// The Core's one answer to "when does this run next change?", which `wait`, `wait --edge`, a
/// hook's waiter and `--follow` all wake at.
@Suite struct NextEventTests {
    let clock = ManualTimeSource()
    let name = StopwatchName("focus")!

    @Test func aCountdownAtItsZeroAndAtEachStepOfItsTimeLeft() throws {
        let tea = StopwatchState.countdown(name, duration: .milliseconds(2_500), startedAt: clock.now())
        clock.advance(by: .milliseconds(300))
        #expect(tea.nextEvent(at: clock.now()) == .milliseconds(2_200), "its zero")
        #expect(
            tea.nextEvent(at: clock.now(), step: .seconds(1)) == .milliseconds(700),
            "its time left shown in seconds changes first")
        clock.advance(by: .milliseconds(2_400))
        #expect(tea.nextEvent(at: clock.now()) == nil, "expired, no time shown: nothing to wake for")
        #expect(tea.nextEvent(at: clock.now(), step: .seconds(1)) == .milliseconds(800), "its time over, from its zero")
        #expect(
            tea.nextEvent(at: clock.now(), step: .seconds(1), showsElapsed: true) == .milliseconds(300),
            "and its elapsed time beside it")
        #expect(
            try tea.paused(at: clock.now()).nextEvent(at: clock.now(), step: .seconds(1)) == nil,
            "paused: nothing changes")
    }

    @Test func aCycleAtItsEdgesItsWarningsAndItsPhasesOwnSteps() throws {
        var plan = PhaseSequence(phases: [Phase("work", .milliseconds(1_500)), Phase("rest", .seconds(60))], rounds: 1)
        plan.warningMicroseconds = 1_000_000
        plan.waitsBefore = ["rest"]
        let cycle = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        clock.advance(by: .milliseconds(200))
        #expect(cycle.nextEvent(at: clock.now()) == .milliseconds(1_300), "the edge")
        #expect(
            cycle.nextEvent(at: clock.now(), warnings: true) == .milliseconds(300), "a hook's waiter: the warning first"
        )
        #expect(cycle.nextEvent(at: clock.now(), step: .seconds(1)) == .milliseconds(800))
        clock.advance(by: .milliseconds(1_500))
        #expect(cycle.nextEvent(at: clock.now()) == nil, "waiting for a person: only `next` moves it")
        #expect(
            cycle.nextEvent(at: clock.now(), step: .seconds(1)) == .milliseconds(800),
            "its wait shown in seconds, from the edge")
        let rest = try cycle.nexted(at: clock.now())
        clock.advance(by: .milliseconds(100))
        #expect(
            rest.nextEvent(at: clock.now(), step: .seconds(1)) == .milliseconds(900),
            "the phase's steps count from its own start")
    }
}
