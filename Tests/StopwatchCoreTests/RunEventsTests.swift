import StopwatchTestSupport
import Testing

@testable import StopwatchCore

/// `events(since:at:)`: the one reading of what a run passed, which hooks, the bell and a piped
/// line all take.
@Suite struct RunEventsTests {
    let clock = ManualTimeSource()
    let name = StopwatchName("focus")!

    @Test func aCountdownsZeroIsToldOnceAndAgainOnlyAfterTimeAdded() throws {
        var state = StopwatchState.countdown(name, duration: .seconds(60), startedAt: clock.now())
        var mark = state.eventMark(at: clock.now())
        #expect(state.events(since: mark, at: clock.now()).events.isEmpty)
        clock.advance(by: .seconds(60) - .microseconds(1))
        #expect(state.events(since: mark, at: clock.now()).events.isEmpty, "a microsecond before zero")
        clock.advance(by: .microseconds(1))
        var passed: [HookEvent]
        (passed, mark) = state.events(since: mark, at: clock.now())
        #expect(passed == [.zero(name: name, duration: .seconds(60))])
        clock.advance(by: .seconds(5))
        #expect(state.events(since: mark, at: clock.now()).events.isEmpty, "told once")
        #expect(state.events(since: .start, at: clock.now()).events.count == 1, "from the start, it has passed")
        // Time added moves the zero later, from now (it had passed): it is told again when it passes.
        state = try #require(state.addingTime(.seconds(10), at: clock.now()))
        (passed, mark) = state.events(since: mark, at: clock.now())
        #expect(passed.isEmpty && !mark.zero)
        clock.advance(by: .seconds(5))
        #expect(state.events(since: mark, at: clock.now()).events.isEmpty, "five seconds of the ten")
        clock.advance(by: .seconds(5))
        #expect(state.events(since: mark, at: clock.now()).events == [.zero(name: name, duration: .seconds(75))])
    }

    @Test func aCyclesEdgesAndWarningsComeInOrderFromAnyMark() throws {
        var plan = PhaseSequence(
            phases: [Phase("work", .seconds(25 * 60)), Phase("rest", .seconds(5 * 60))], rounds: 1)
        plan.warningMicroseconds = Duration.seconds(60).wholeMicroseconds
        let state = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        let start = state.eventMark(at: clock.now())
        clock.advance(by: .seconds(24 * 60))
        #expect(state.events(since: start, at: clock.now()).events == [.edge(name: name, plan.warningEdge(0))])
        // The machine off through the rest of the cycle: all of it at once, in the order it came.
        clock.advance(by: .seconds(10 * 60))
        let (passed, mark) = state.events(since: start, at: clock.now())
        #expect(
            passed
                == [plan.warningEdge(0), plan.edge(0), plan.warningEdge(1), plan.edge(1)].map {
                    .edge(name: name, $0)
                })
        #expect(mark == RunEventMark(zero: false, edges: 2, warnings: 2))
        #expect(state.events(since: mark, at: clock.now()).events.isEmpty)
    }

    @Test func aStopwatchPassesNothing() {
        let state = StopwatchState.initial(name)
        #expect(state.events(since: .start, at: clock.now()).events.isEmpty)
    }
}
