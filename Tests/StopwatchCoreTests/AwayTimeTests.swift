import StopwatchTestSupport
import Testing

@testable import StopwatchCore

/// Away time on the fake clock: the time the machine slept while a run counted, told apart by
/// every policy and every kind of plan, through pauses, wall-clock changes, edges and reboots.
@Suite struct AwayTimeTests {
    let clock = ManualTimeSource()
    let name = StopwatchName("work")!
    let night = Duration.seconds(8 * 3600)

    @Test func aStopwatchKeepsTheNightAndTellsItAsAwayTime() throws {
        let state = try StopwatchState.initial(name).started(at: clock.now())
        clock.advance(by: .seconds(600))
        clock.suspend(for: night)
        clock.advance(by: .seconds(60))
        #expect(state.elapsed(at: clock.now()).duration == .seconds(660) + night, "exact across suspend, as before")
        #expect(state.away(at: clock.now()) == night)
        #expect(state.effectiveAwayPolicy == .keep)
    }

    @Test func aStopwatchDroppingAwayTimeStandsStillThroughTheNight() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        state.awayPolicy = .drop
        clock.advance(by: .seconds(600))
        clock.suspend(for: night)
        clock.advance(by: .seconds(60))
        #expect(state.elapsed(at: clock.now()).duration == .seconds(660))
        #expect(state.away(at: clock.now()) == night)
        let record = try #require(state.record(endedAt: clock.now()))
        #expect(record.elapsed == .seconds(660) && record.away == night && record.awayPolicy == .drop)
    }

    @Test func aCountdownRunsOnThroughTheNightAndExpiresInIt() {
        let state = StopwatchState.countdown(name, duration: .seconds(1800), startedAt: clock.now())
        clock.suspend(for: night)
        let end = state.progress(at: clock.now()).end
        #expect(end?.isExpired == true && end?.overtime == night - .seconds(1800))
        #expect(state.away(at: clock.now()) == night)
    }

    @Test func awayTimeAddsUpOverSegmentsAndAPauseHoldsIt() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        state.awayPolicy = .drop
        clock.suspend(for: .seconds(100))
        clock.advance(by: .seconds(10))
        state = try state.paused(at: clock.now())
        #expect(state.away == .seconds(100) && state.accumulated == .seconds(10))
        clock.suspend(for: .seconds(1000))
        #expect(state.away(at: clock.now()) == .seconds(100), "paused: a sleep then is no one's away time")
        state = try state.resumed(at: clock.now())
        clock.advance(by: .seconds(5))
        clock.suspend(for: .seconds(50))
        #expect(state.away(at: clock.now()) == .seconds(150))
        #expect(state.elapsed(at: clock.now()).duration == .seconds(15))
    }

    @Test func aWallClockChangeOrAMidnightInTheNightMovesNothing() throws {
        // Started at 23:00 local; the night crosses midnight and, meanwhile, the wall clock is set
        // an hour back (a daylight-saving change told by the zone, or a person): away time is the
        // boot clock's and the monotonic clock's difference, which neither moves.
        let state = try StopwatchState.initial(name).started(at: clock.now())
        clock.suspend(for: .seconds(2 * 3600))
        clock.shiftWallClock(by: .seconds(-3600))
        clock.suspend(for: .seconds(6 * 3600))
        #expect(state.away(at: clock.now()) == night)
        #expect(state.elapsed(at: clock.now()).duration == night)
    }

    @Test func aCycleKeepingAwayTimePassesItsEdgesInTheNightAndOneDroppingItPassesNone() {
        let plan = PhaseSequence(phases: [Phase("work", .seconds(1500)), Phase("rest", .seconds(300))], rounds: nil)
        var keeping = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        keeping.awayPolicy = .keep
        let dropping = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        clock.advance(by: .seconds(1400))
        clock.suspend(for: .seconds(200))
        #expect(keeping.edgesPassed(at: clock.now()) == 1, "the edge at 25:00 passed in the sleep")
        #expect(dropping.edgesPassed(at: clock.now()) == 0, "still in work, 100 s left")
        #expect(dropping.progress(at: clock.now()).phase?.leftInPhase == .seconds(100))
        #expect(keeping.away(at: clock.now()) == .seconds(200) && dropping.away(at: clock.now()) == .seconds(200))
    }

    @Test func acrossARebootOnlyTheSleepSinceTheBootIsKnown() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        state.awayPolicy = .drop
        clock.suspend(for: .seconds(300))
        clock.reboot(after: .seconds(600))
        clock.advance(by: .seconds(60))
        clock.suspend(for: .seconds(40))
        // Before the reboot, after the last reading stored, no clock can tell: 40 s is what is known.
        #expect(state.away(at: clock.now()) == .seconds(40))
        let elapsed = state.elapsed(at: clock.now())
        #expect(elapsed.isEstimated)
        let rebased = state.rebased(at: clock.now())
        #expect(rebased.away == .seconds(40) && rebased.accumulated == elapsed.duration)
        clock.suspend(for: .seconds(10))
        #expect(rebased.away(at: clock.now()) == .seconds(50))
        #expect(rebased.elapsed(at: clock.now()).duration == elapsed.duration)
    }

    @Test func aSleepInAStretchToldAfterTheFactIsNotAwayTime() throws {
        clock.advance(by: .seconds(3600))
        clock.suspend(for: .seconds(600))
        clock.advance(by: .seconds(60))
        // Started "20 minutes ago": whether the sleep was in those 20 minutes, no clock says.
        let started = try StopwatchState.initial(name).started(at: clock.now(), ago: .seconds(1200))
        #expect(started.away(at: clock.now()) == .zero && started.elapsed(at: clock.now()).duration == .seconds(1200))
        // Paused "as of before the lid was shut": the sleep after that is not the run's. (Dropping
        // away time, there is no need: the run counted none of the night.)
        let running = try StopwatchState.initial(name).started(at: clock.now())
        clock.advance(by: .seconds(300))
        clock.suspend(for: night)
        let paused = try running.paused(at: clock.now(), ago: night)
        #expect(paused.away == .zero && paused.accumulated == .seconds(300))
    }

    @Test func aResetClearsAwayTimeAndKeepsThePolicy() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        state.awayPolicy = .drop
        clock.suspend(for: .seconds(100))
        state = try state.paused(at: clock.now())
        let reset = state.reset()
        #expect(reset.away == .zero && reset.awayPolicy == .drop)
    }

    @Test func theStartUseCasesGiveTheRunItsPolicy() throws {
        let store = InMemoryStopwatchStore()
        let stateStore = StateStore(StopwatchSnapshot.initial(name))
        let start = StartPlanUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared,
            timeZone: ManualTimeZone())
        let countdown = try start.execute(name, plan: .countdown(.seconds(60)), replacing: false, away: .drop)
        #expect(countdown.awayPolicy == .drop && countdown.effectiveAwayPolicy == .drop)
        let cycle = try start.execute(
            StopwatchName("pom")!, plan: .sequence(.pomodoro), replacing: false)
        #expect(cycle.awayPolicy == nil && cycle.effectiveAwayPolicy == .drop)
        let stopwatch = try StartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(StopwatchName("sw")!, back: nil, away: .drop, in: ManualTimeZone())
        #expect(stopwatch.effectiveAwayPolicy == .drop)
    }

    @Test func aPolicyGivenAfterTheFactBooksOrTakesOutTheAwayTimeFromTheStart() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        clock.advance(by: .seconds(60))
        clock.suspend(for: .seconds(3600))
        state = try state.paused(at: clock.now())
        state = try state.resumed(at: clock.now())
        clock.advance(by: .seconds(60))
        clock.suspend(for: .seconds(600))
        #expect(state.elapsed(at: clock.now()).duration == .seconds(4320))
        let dropping = state.withAwayPolicy(.drop)
        #expect(dropping.elapsed(at: clock.now()).duration == .seconds(120), "both nights out, the running one's too")
        #expect(dropping.withAwayPolicy(.keep).elapsed(at: clock.now()).duration == .seconds(4320))
        #expect(dropping.away(at: clock.now()) == .seconds(4200), "the away time stays, told apart")

        var record = try #require(state.record(endedAt: clock.now()))
        #expect(record.elapsed == .seconds(4320) && record.away == .seconds(4200))
        record = record.withAwayPolicy(.drop)
        #expect(record.elapsed == .seconds(120) && record.awayPolicy == .drop)
        #expect(record.withAwayPolicy(.keep).elapsed == .seconds(4320))
        #expect(record.withAwayPolicy(.drop) == record, "already so: nothing changes")
    }
}
