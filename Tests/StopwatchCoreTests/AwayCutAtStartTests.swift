import StopwatchTestSupport
import Testing

@testable import StopwatchCore

/// A start moved later (`edit --start`) into a stretch nobody was there at the run's beginning:
/// the part of the stretch before it leaves the run, and one the run never counted takes nothing
/// it counted with it. Set up: started at 9:00, locked at once until 10:00, now 10:30.
@Suite struct AwayCutAtStartTests {
    let clock = ManualTimeSource()
    let name = StopwatchName("work")!
    let minute = Duration.seconds(60)

    func lockedAtOnce(_ policy: AwayPolicy) throws -> StopwatchState {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        state.awayPolicy = policy
        let locked = clock.now()
        clock.advance(by: minute * 60)
        state = state.booking(.lock, since: locked, at: clock.now())
        clock.advance(by: minute * 30)
        return state
    }

    func movedStart(of state: StopwatchState, by later: Duration) throws -> StopwatchState {
        let record = try #require(state.record(endedAt: clock.now()))
        return try CorrectRunUseCase.corrected(
            state, holding: record, start: record.startedAt + later, end: nil, tags: nil, at: clock.now())
    }

    @Test func aStartMovedIntoADroppedLockTakesNothingItCounted() throws {
        let state = try lockedAtOnce(.drop)
        #expect(state.elapsed(at: clock.now()).duration == minute * 30)
        let into = try movedStart(of: state, by: minute * 20)
        #expect(into.elapsed(at: clock.now()).duration == minute * 30 && into.away == minute * 40)
        #expect(into.lastAway?.from == clock.now().wall - minute * 70 && into.lastAway?.length == minute * 40)
        let past = try movedStart(of: state, by: minute * 70)
        #expect(past.elapsed(at: clock.now()).duration == minute * 20, "ten minutes after the unlock")
        #expect(past.away == .zero && past.lastAway == nil)
    }

    @Test func aStartMovedIntoAKeptLockTakesItsPartBeforeOutOfBoth() throws {
        let state = try lockedAtOnce(.keep)
        let into = try movedStart(of: state, by: minute * 20)
        #expect(into.elapsed(at: clock.now()).duration == minute * 70 && into.away == minute * 40)
        let given = try #require(into.givingUpLastAway())
        #expect(given.elapsed(at: clock.now()).duration == minute * 30, "what it worked after the unlock")
    }
}
