import StopwatchCore
import StopwatchTestSupport
import Testing

/// Whether a run needs a waiter for its hook: what a command that reads it asks, to start one
/// gone with a reboot.
@Suite struct AwaitsHookTests {
    let clock = ManualTimeSource()
    let name = StopwatchName("focus")!
    let hook = ExpiryHook(command: "true", notify: false)

    @Test func aRunningRunWithAHookLeftToDoAwaitsIt() throws {
        let plan = PhaseSequence(phases: [Phase("work", .seconds(60))], rounds: 2)
        var cycle = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now(), hook: hook)
        #expect(cycle.awaitsHook(at: clock.now()))
        #expect(
            !StopwatchState.cycle(name, sequence: plan, startedAt: clock.now()).awaitsHook(at: clock.now()), "no hook")
        clock.advance(by: .seconds(180))
        #expect(cycle.awaitsHook(at: clock.now()), "ended, its last edges not yet claimed")
        cycle.firedEdges = 2
        #expect(!cycle.awaitsHook(at: clock.now()), "ended and claimed: nothing left")
        let paused = try StopwatchState.cycle(name, sequence: plan, startedAt: clock.now(), hook: hook).paused(
            at: clock.now())
        #expect(!paused.awaitsHook(at: clock.now()), "a paused run's waiter is started by resume")
        var countdown = StopwatchState.countdown(name, duration: .seconds(60), startedAt: clock.now(), hook: hook)
        clock.advance(by: .seconds(120))
        #expect(countdown.awaitsHook(at: clock.now()), "expired, its hook not yet claimed")
        countdown.hook = nil
        #expect(!countdown.awaitsHook(at: clock.now()), "claimed")
    }
}
