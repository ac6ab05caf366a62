import StopwatchTestSupport
import Testing

@testable import StopwatchCore

/// A pause told after the fact (`pause --ago`, `edit --end`) that falls into a stretch nobody was
/// there booked on the run: the part of the stretch after it leaves the run's away time and the
/// stretch, and where the run never counted the stretch (`--away drop`), no time it did count is
/// taken back in its place. Set up: started at 11:55, locked 12:00–13:00, now 13:02.
@Suite struct AwayCutBackTests {
    let clock = ManualTimeSource()
    let name = StopwatchName("work")!
    let hour = Duration.seconds(3600)
    let minute = Duration.seconds(60)

    /// The run, booked with the lock at its unlock, two minutes on.
    func lockedOverLunch(_ policy: AwayPolicy, lapAt lap: Duration? = nil) throws -> StopwatchState {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        state.awayPolicy = policy
        if let lap {
            clock.advance(by: lap)
            state = try state.lapped(at: clock.now(), label: nil).state
            clock.advance(by: minute * 5 - lap)
        } else {
            clock.advance(by: minute * 5)
        }
        let locked = clock.now()
        clock.advance(by: hour)
        state = state.booking(.lock, since: locked, at: clock.now())
        clock.advance(by: minute * 2)
        return state
    }

    @Test func aPauseToldBackIntoADroppedLunchTakesBackOnlyTheTimeCounted() throws {
        let state = try lockedOverLunch(.drop)
        #expect(state.elapsed(at: clock.now()).duration == minute * 7)
        let paused = try state.paused(at: clock.now(), ago: minute * 30)
        #expect(paused.elapsed(at: clock.now()).duration == minute * 5, "the 2 minutes since; the lock never counted")
        #expect(paused.away == minute * 32 && paused.awayLocked == minute * 32, "12:00–12:32 is still the run's")
        let stretch = try #require(paused.lastAway)
        #expect(stretch.to == clock.now().wall - minute * 30 && stretch.length == minute * 32)
    }

    @Test func aPauseToldBackToBeforeADroppedLunchReachesPastIt() throws {
        let state = try lockedOverLunch(.drop)
        // Further back than the 7 minutes it counted: the hour locked was never counted.
        let atNoon = try state.paused(at: clock.now(), ago: minute * 62)
        #expect(atNoon.elapsed(at: clock.now()).duration == minute * 5)
        #expect(atNoon.away == .zero && atNoon.awayLocked == .zero && atNoon.lastAway == nil)
        let before = try state.paused(at: clock.now(), ago: minute * 64)
        #expect(before.elapsed(at: clock.now()).duration == minute * 3)
        let refusal = #expect(throws: StopwatchError.self) { try state.paused(at: clock.now(), ago: minute * 68) }
        guard case .backdateTooFar(_, _, _, let furthest, _) = refusal else {
            Issue.record("refused otherwise: \(String(describing: refusal))")
            return
        }
        #expect(furthest == minute * 67, "as far as its start: 7 minutes counted and the hour locked")
    }

    @Test func aLapBeforeTheLunchStillStands() throws {
        let state = try lockedOverLunch(.drop, lapAt: minute * 3)
        #expect(throws: StopwatchError.self) { try state.paused(at: clock.now(), ago: minute * 65) }
        let atLap = try state.paused(at: clock.now(), ago: minute * 64)
        #expect(atLap.elapsed(at: clock.now()).duration == minute * 3)
    }

    @Test func aPauseToldBackIntoAKeptLunchLeavesOnlyItsPartBeforeAsAwayTime() throws {
        let state = try lockedOverLunch(.keep)
        let paused = try state.paused(at: clock.now(), ago: minute * 30)
        #expect(paused.elapsed(at: clock.now()).duration == minute * 37, "kept: the clock's time back to 12:32")
        #expect(paused.away == minute * 32)
        // Given up as another run, the 32 minutes left leave: none of its own work goes with them.
        let given = try #require(paused.givingUpLastAway())
        #expect(given.elapsed(at: clock.now()).duration == minute * 5 && given.away == .zero)
    }

    @Test(arguments: [AwayPolicy.keep, .drop])
    func anEndMovedBackIntoTheLunchOfAPausedRunDoesAsAPauseToldThere(policy: AwayPolicy) throws {
        let state = try lockedOverLunch(policy)
        let pausedNow = try state.paused(at: clock.now())
        let record = try #require(pausedNow.record(endedAt: clock.now()))
        let end = clock.now().wall - minute * 30
        let corrected = try CorrectRunUseCase.corrected(
            pausedNow, holding: record, start: record.startedAt, end: end, tags: nil, at: clock.now())
        let told = try state.paused(at: clock.now(), ago: minute * 30)
        #expect(corrected.accumulated == told.accumulated && corrected.away == told.away)
        #expect(corrected.lastAway == told.lastAway && corrected.pausedAt == end)
    }

    @Test func aPauseAfterTheUnlockLeavesTheStretchWhole() throws {
        let state = try lockedOverLunch(.drop)
        let paused = try state.paused(at: clock.now(), ago: minute)
        #expect(paused.elapsed(at: clock.now()).duration == minute * 6 && paused.away == hour)
        #expect(paused.lastAway == state.lastAway)
    }
}
