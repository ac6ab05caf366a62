import StopwatchTestSupport
import Testing

@testable import StopwatchCore

/// A run whose policy drops away time stands still while nobody is there, from the moment the
/// stretch is heard (`StopwatchState.standing(_:at:)`) to its end (`booking(_:since:at:)`), on
/// the fake clock: a cycle's edges and a countdown's zero move with it, nothing is due meanwhile,
/// and a stretch is booked only on the span a run counted towards its plan.
@Suite struct AwayStandTests {
    let clock = ManualTimeSource()
    let name = StopwatchName("c")!

    /// The sequence 2: `cycle c work=10s break=5s --rounds 3`, locked 3 s in for 27 s.
    @Test func aCycleThatDropsStandsThroughALockAndPassesNoEdge() throws {
        let plan = PhaseSequence(phases: [Phase("work", .seconds(10)), Phase("break", .seconds(5))], rounds: 3)
        var cycle = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now(), hook: ExpiryHook(notify: true))
        clock.advance(by: .seconds(3))
        cycle = try #require(cycle.standing(.lock, at: clock.now()))
        clock.advance(by: .seconds(27))
        #expect(cycle.edgesPassed(at: clock.now()) == 0, "no edge passes while locked")
        #expect(cycle.progress(at: clock.now()).phase?.leftInPhase == .seconds(7))
        #expect(cycle.nextEvent(at: clock.now(), warnings: true) == nil, "nothing is due while it stands")
        #expect(cycle.away(.lock, at: clock.now()) == .seconds(27), "the stretch so far, told as the lock's")
        cycle = cycle.booking(.lock, since: clock.now(), at: clock.now())
        #expect(cycle.awayStand == nil && cycle.away(.lock, at: clock.now()) == .seconds(27))
        #expect(cycle.elapsed(at: clock.now()).duration == .seconds(3), "27 s away, dropped")
        #expect(cycle.nextEvent(at: clock.now()) == .seconds(7), "work's end, 7 s after the unlock")
        let stretch = try #require(cycle.lastAway)
        #expect(stretch.cause == .lock && stretch.length == .seconds(27) && stretch.to == clock.now().wall)
        clock.advance(by: .seconds(8))
        #expect(
            cycle.edgesPassed(at: clock.now()) == 1 && cycle.progress(at: clock.now()).phase?.inPhase == .seconds(1))
    }

    /// The sequence 3: `timer 8s train --away drop`, locked 2 s in for 10 s: no zero in
    /// the lock, 6 s left at the unlock, one zero after.
    @Test func aCountdownThatDropsHasNoZeroWhileLockedAndSixSecondsLeftAtTheUnlock() throws {
        var train = StopwatchState.countdown(name, duration: .seconds(8), startedAt: clock.now())
        train.awayPolicy = .drop
        clock.advance(by: .seconds(2))
        train = try #require(train.standing(.lock, at: clock.now()))
        clock.advance(by: .seconds(10))
        #expect(!train.isExpired(at: clock.now()) && train.nextEvent(at: clock.now()) == nil)
        train = train.booking(.lock, since: clock.now(), at: clock.now())
        #expect(train.progress(at: clock.now()).end?.remaining == .seconds(6))
        clock.advance(by: .seconds(6))
        #expect(train.isExpired(at: clock.now()))
    }

    @Test(arguments: [AwayPolicy.keep, .ask])
    func aRunThatCountsAwayTimeDoesNotStand(policy: AwayPolicy) throws {
        var train = StopwatchState.countdown(name, duration: .seconds(8), startedAt: clock.now())
        train.awayPolicy = policy
        clock.advance(by: .seconds(2))
        #expect(train.standing(.lock, at: clock.now()) == nil)
    }

    @Test func aRunPastItsEndOrWaitingForAPersonHasNothingToStandOrBook() throws {
        var tea = StopwatchState.countdown(name, duration: .seconds(4), startedAt: clock.now())
        clock.advance(by: .seconds(10))
        let locked = clock.now()
        clock.advance(by: .seconds(40))
        #expect(tea.booking(.lock, since: locked, at: clock.now()) == tea, "a countdown past zero books no lock")
        tea.awayPolicy = .drop
        #expect(tea.standing(.lock, at: clock.now()) == nil, "nor stands")
        let plan = PhaseSequence(
            phases: [Phase("work", .seconds(10)), Phase("break", .seconds(5))], rounds: nil, waitsBefore: ["break"])
        let waiting = StopwatchState.cycle(name, sequence: plan, startedAt: locked)
        clock.advance(by: .seconds(30))
        #expect(waiting.progress(at: clock.now()).phase?.isWaiting == true)
        #expect(waiting.standing(.lock, at: clock.now()) == nil, "a cycle waiting for a person")
    }

    /// A countdown that keeps away time, its zero inside the lock: only the part before the zero
    /// is away time (`report --by cause` then books no lock after it).
    @Test func aLockAcrossAZeroIsBookedUpToTheZero() throws {
        let tea = StopwatchState.countdown(name, duration: .seconds(10), startedAt: clock.now())
        clock.advance(by: .seconds(4))
        let locked = clock.now()
        clock.advance(by: .seconds(20))
        let booked = tea.booking(.lock, since: locked, at: clock.now())
        #expect(booked.away(.lock, at: clock.now()) == .seconds(6))
        let stretch = try #require(booked.lastAway)
        #expect(stretch.to == clock.now().wall - .seconds(14) && stretch.length == .seconds(6))
        #expect(booked.elapsed(at: clock.now()).duration == .seconds(24), "kept: the clock's time")
        #expect(booked.withAwayPolicy(.drop).elapsed(at: clock.now()).duration == .seconds(18))
    }

    @Test func aPauseWhileStandingBooksTheStretchAndHoldsTheTimeBeforeIt() throws {
        var work = try StopwatchState.initial(name).started(at: clock.now())
        work.awayPolicy = .drop
        clock.advance(by: .seconds(600))
        work = try #require(work.standing(.idle, at: clock.now()))
        clock.advance(by: .seconds(300))
        let paused = try work.paused(at: clock.now())
        #expect(paused.elapsed(at: clock.now()).duration == .seconds(600) && paused.awayStand == nil)
        #expect(paused.away(.idle, at: clock.now()) == .seconds(300))
        let record = try #require(work.record(endedAt: clock.now()))
        #expect(record.away(.idle) == .seconds(300), "a record of a run standing counts the stretch so far")
        let back = try work.paused(at: clock.now(), ago: .seconds(400))
        #expect(back.elapsed(at: clock.now()).duration == .seconds(500), "told back past the stretch: 100 s of work")
    }

    /// Found by the simulation on 1,000 seeds (2232380481729): a stand that began in the instant
    /// a pause was told back before it took the place of the stretch booked just before, so that
    /// stretch was not cut where the pause fell: 3 minutes back gave 22:00 and 2:00 away, where it
    /// is 24:00 and none.
    @Test func aStandEndedAsItBeganLeavesTheStretchBeforeItToBeCut() throws {
        var work = try StopwatchState.initial(name).started(at: clock.now())
        work.awayPolicy = .drop
        clock.advance(by: .seconds(1500))
        let idle = clock.now()
        clock.advance(by: .seconds(120))
        work = work.booking(.idle, since: idle, at: clock.now())
        #expect(work.elapsed(at: clock.now()).duration == .seconds(1500) && work.away(at: clock.now()) == .seconds(120))
        work = try #require(work.standing(.idle, at: clock.now()))
        let paused = try work.paused(at: clock.now(), ago: .seconds(180))
        #expect(paused.elapsed(at: clock.now()).duration == .seconds(1440), "paused at 24:00, before the stretch")
        #expect(paused.away(at: clock.now()) == .zero, "the stretch after the pause is not the run's")
    }

    @Test func aStandLeftOpenByARebootEndsAtTheNextReading() throws {
        var work = try StopwatchState.initial(name).started(at: clock.now())
        work.awayPolicy = .drop
        clock.advance(by: .seconds(600))
        work = try #require(work.standing(.lock, at: clock.now()))
        clock.advance(by: .seconds(60))
        clock.reboot(after: .seconds(600))
        #expect(work.elapsed(at: clock.now()).duration == .seconds(600))
        let rebased = work.rebased(at: clock.now())
        #expect(rebased.awayStand == nil && rebased.elapsed(at: clock.now()).duration == .seconds(600))
        clock.advance(by: .seconds(5))
        #expect(rebased.elapsed(at: clock.now()).duration == .seconds(605), "it counts again")
        #expect(rebased.away(at: clock.now()) >= .seconds(660))
    }
}
