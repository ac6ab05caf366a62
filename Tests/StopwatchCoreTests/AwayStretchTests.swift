import StopwatchTestSupport
import Testing

@testable import StopwatchCore

/// A locked screen's or an idle stretch's away time, booked on the fake clock when the stretch
/// ends (`StopwatchState.booking(_:since:at:)`, `BookAwayUseCase`): for each policy and kind of
/// plan, a stretch with a sleep inside it, one begun before the run, an edge inside it, and a
/// reboot.
@Suite struct AwayStretchTests {
    let clock = ManualTimeSource()
    let name = StopwatchName("work")!
    let lunch = Duration.seconds(45 * 60)

    @Test(arguments: [AwayCause.lock, .idle])
    func aStopwatchKeepsALockedOrIdleStretchAndTellsItsCause(cause: AwayCause) throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        clock.advance(by: .seconds(600))
        let locked = clock.now()
        clock.advance(by: lunch)
        state = state.booking(cause, since: locked, at: clock.now())
        clock.advance(by: .seconds(60))
        #expect(state.elapsed(at: clock.now()).duration == .seconds(660) + lunch, "kept: the clock's time, as before")
        #expect(state.away(at: clock.now()) == lunch)
        #expect(state.away(cause, at: clock.now()) == lunch && state.away(.suspend, at: clock.now()) == .zero)
        #expect(state.awayCauses(at: clock.now()) == [cause])
        let record = try #require(state.record(endedAt: clock.now()))
        #expect(record.away == lunch && record.away(cause) == lunch && record.awayPolicy == .keep)
    }

    @Test func aStopwatchDroppingAwayTimeTakesTheLunchOutAndCanBeToldToKeepItAfterAll() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        state.awayPolicy = .drop
        clock.advance(by: .seconds(600))
        let locked = clock.now()
        clock.advance(by: lunch)
        state = state.booking(.lock, since: locked, at: clock.now())
        clock.advance(by: .seconds(60))
        #expect(state.elapsed(at: clock.now()).duration == .seconds(660))
        let kept = state.withAwayPolicy(.keep)
        #expect(kept.elapsed(at: clock.now()).duration == .seconds(660) + lunch, "edit --away keep books it after all")
    }

    @Test func theSleepInsideALockedStretchIsSuspendsAndCountedOnce() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        state.awayPolicy = .drop
        clock.advance(by: .seconds(600))
        let locked = clock.now()
        clock.advance(by: .seconds(60))
        clock.suspend(for: .seconds(8 * 3600))
        clock.advance(by: .seconds(30))
        state = state.booking(.lock, since: locked, at: clock.now())
        #expect(
            state.away(.lock, at: clock.now()) == .seconds(90), "awake while locked: 60 s before the sleep, 30 after")
        #expect(state.away(.suspend, at: clock.now()) == .seconds(8 * 3600))
        #expect(state.awayCauses(at: clock.now()) == [.suspend, .lock])
        #expect(state.elapsed(at: clock.now()).duration == .seconds(600))
    }

    /// The away watcher hears the machine wake (logind's `PrepareForSleep`) and books the sleep
    /// since its last reading: the run's time as the clocks already read it, the night now a
    /// stretch with bounds that can be given up or booked elsewhere.
    @Test(arguments: [AwayPolicy.keep, .drop])
    func aSuspendHeardWakingIsBookedWithItsBoundsAndCanBeGivenUp(policy: AwayPolicy) throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        state.awayPolicy = policy
        clock.advance(by: .seconds(600))
        let lastAwake = clock.now()
        clock.advance(by: .seconds(10))
        clock.suspend(for: .seconds(8 * 3600))
        let before = state.elapsed(at: clock.now())
        let booked = state.booking(.suspend, since: lastAwake, at: clock.now())
        #expect(booked.elapsed(at: clock.now()) == before, "read from the clocks before, and booked the same")
        #expect(booked.away(.suspend, at: clock.now()) == .seconds(8 * 3600) && booked.awayLocked == .zero)
        let stretch = try #require(booked.lastAway)
        #expect(stretch.cause == .suspend && stretch.length == .seconds(8 * 3600) && stretch.asleep == stretch.length)
        #expect(stretch.to == clock.now().wall && stretch.to - stretch.from == .seconds(8 * 3600), "the sleep's bounds")
        let given = try #require(booked.givingUpLastAway())
        #expect(given.elapsed(at: clock.now()).duration == .seconds(610))
        #expect(given.away(at: clock.now()) == .zero && given.lastAway == nil)
    }

    @Test func aNightLockedIsOneStretchSleepAndAll() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        clock.advance(by: .seconds(600))
        let locked = clock.now()
        clock.advance(by: .seconds(60))
        clock.suspend(for: .seconds(8 * 3600))
        clock.advance(by: .seconds(30))
        state = state.booking(.lock, since: locked, at: clock.now())
        let stretch = try #require(state.lastAway)
        #expect(
            stretch.cause == .lock && stretch.length == .seconds(8 * 3600 + 90) && stretch.asleep == .seconds(8 * 3600))
        #expect(stretch.from == locked.wall && stretch.to == clock.now().wall)
        #expect(state.away(.lock, at: clock.now()) == .seconds(90), "the lock's own time is its awake part")
        let given = try #require(state.givingUpLastAway())
        #expect(given.elapsed(at: clock.now()).duration == .seconds(600), "the night and the lock given up whole")
        #expect(given.away(at: clock.now()) == .zero && given.awayLocked == .zero)
    }

    @Test func aStretchBegunBeforeTheRunIsBookedFromItsStartAndOneOfAPausedRunNotAtAll() throws {
        let idle = clock.now()
        clock.advance(by: .seconds(300))
        var state = try StopwatchState.initial(name).started(at: clock.now())
        clock.advance(by: .seconds(120))
        state = state.booking(.idle, since: idle, at: clock.now())
        #expect(state.away(.idle, at: clock.now()) == .seconds(120))
        clock.advance(by: .seconds(10))
        let paused = try state.paused(at: clock.now())
        clock.advance(by: .seconds(500))
        #expect(paused.booking(.lock, since: idle, at: clock.now()) == paused)
        #expect(state.booking(.suspend, since: idle, at: clock.now()) == state, "no sleep in it, no suspend to book")
    }

    @Test func aStretchAcrossARebootIsNotBooked() throws {
        let state = try StopwatchState.initial(name).started(at: clock.now())
        let locked = clock.now()
        clock.reboot(after: .seconds(600))
        clock.advance(by: .seconds(60))
        #expect(state.booking(.lock, since: locked, at: clock.now()) == state)
    }

    @Test func aCycleDroppingALockTakesItOutOfItsPhaseButAnEdgeInsideItStands() {
        let plan = PhaseSequence(phases: [Phase("work", .seconds(1500)), Phase("rest", .seconds(300))], rounds: nil)
        let cycle = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        clock.advance(by: .seconds(600))
        let locked = clock.now()
        clock.advance(by: .seconds(300))
        let booked = cycle.booking(.lock, since: locked, at: clock.now())
        #expect(booked.progress(at: clock.now()).phase?.leftInPhase == .seconds(900), "work stood still while locked")
        clock.advance(by: .seconds(1000))
        let acrossEdge = booked.booking(.lock, since: locked, at: clock.now())
        #expect(acrossEdge.edgesPassed(at: clock.now()) == 1, "the end of work, told while locked, stands")
        #expect(acrossEdge.progress(at: clock.now()).phase?.inPhase == .zero, "rest begins at the unlock")
    }

    @Test func bookingThroughTheUseCaseWritesOnlyARunningStopwatch() throws {
        let store = InMemoryStopwatchStore()
        let stateStore = StateStore(StopwatchSnapshot(state: .initial(name), readAt: clock.now()))
        let ids = SequentialIDSource()
        let start = StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids)
        let book = BookAwayUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids)
        try start.execute(name)
        let locked = clock.now()
        clock.advance(by: lunch)
        try book.execute(name, cause: .lock, since: locked)
        #expect(try store.load(name)?.awayLocked == lunch)
        let other = StopwatchName("other")!
        try start.execute(other)
        try PauseStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(other)
        let before = try store.load(other)
        clock.advance(by: lunch)
        try book.execute(other, cause: .idle, since: locked)
        #expect(try store.load(other) == before)
        #expect(throws: StopwatchError.noSuchStopwatch(StopwatchName("gone")!)) {
            try book.execute(StopwatchName("gone")!, cause: .lock, since: locked)
        }
    }

    @Test func askingCountsTheTimeUntilAPersonDecides() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        state.awayPolicy = .ask
        #expect(!state.isUndecided(at: clock.now()), "no away time, nothing to decide")
        let locked = clock.now()
        clock.advance(by: lunch)
        state = state.booking(.lock, since: locked, at: clock.now())
        #expect(state.isUndecided(at: clock.now()))
        #expect(state.elapsed(at: clock.now()).duration == lunch, "counted meanwhile, as kept")
        let dropped = state.withAwayPolicy(.drop)
        #expect(!dropped.isUndecided(at: clock.now()) && dropped.elapsed(at: clock.now()).duration == .zero)
        let kept = state.withAwayPolicy(.keep)
        #expect(!kept.isUndecided(at: clock.now()) && kept.elapsed(at: clock.now()).duration == lunch)
        let record = try #require(state.record(endedAt: clock.now()))
        #expect(record.isUndecided && record.withAwayPolicy(.drop).elapsed == .zero)
        #expect(AwayPolicy.keep.rebooking(.seconds(10), away: .seconds(4), from: .ask) == .seconds(10))
        #expect(AwayPolicy.ask.rebooking(.seconds(6), away: .seconds(4), from: .drop) == .seconds(10))
    }

    @Test func aLockAcrossMidnightWithTheWallClockSetBackIsMeasuredOnTheBootClock() throws {
        // Locked at 23:30; at 01:00 a daylight-saving change (or a person) sets the wall clock an
        // hour back; unlocked at 07:30 by the wall clock: eight hours locked, not seven.
        var state = try StopwatchState.initial(name).started(at: clock.now())
        clock.advance(by: .seconds(600))
        let locked = clock.now()
        clock.advance(by: .seconds(5400))
        clock.shiftWallClock(by: .seconds(-3600))
        clock.advance(by: .seconds(23_400))
        state = state.booking(.lock, since: locked, at: clock.now())
        #expect(state.away(.lock, at: clock.now()) == .seconds(8 * 3600))
        #expect(state.elapsed(at: clock.now()).duration == .seconds(600 + 8 * 3600))
        let stretch = try #require(state.lastAway)
        #expect(stretch.to == clock.now().wall && stretch.to - stretch.from == .seconds(8 * 3600))
        #expect(stretch.length == stretch.to - stretch.from, "its bounds as far apart as it lasted")
    }
}
