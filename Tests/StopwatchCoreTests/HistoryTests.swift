import StopwatchCore
import StopwatchTestSupport
import Testing

/// Which changes end a run and record it (the one rule, `StopwatchState.endsRun`), through the
/// use cases and the in-memory store, on the fake clock.
@Suite struct HistoryTests {
    let name = StopwatchName("build")!
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let stateStore = StateStore(StopwatchSnapshot.initial(StopwatchName("build")!))

    var runs: [RunRecord] { (try? store.history.read().runs().runs) ?? [] }

    func start() throws {
        try StartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
    }
    func pause() throws {
        try PauseStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
    }
    func resume() throws {
        try ResumeStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
    }
    func lap() throws {
        _ = try RecordLapUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
    }
    func reset() throws {
        try ResetStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
    }
    func restart() throws {
        try RestartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
    }
    func timer(_ seconds: Int64, replacing: Bool = true) throws {
        try StartPlanUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared,
            timeZone: ManualTimeZone()
        )
        .execute(name, for: .duration(.seconds(seconds)), replacing: replacing)
    }

    @Test func aResetKeepsTheRunAsStatusCountedItPausesLeftOut() throws {
        let began = clock.now().wall
        try start()
        clock.advance(by: .seconds(60))
        try lap()
        try pause()
        clock.advance(by: .seconds(600))
        try resume()
        clock.advance(by: .seconds(30))
        #expect(runs.isEmpty, "laps, pauses and resumes end no run")
        try reset()
        let run = try #require(runs.first)
        #expect(runs.count == 1)
        #expect(run.name == name && run.plan == .open && run.startedAt == began && run.endedAt == began + .seconds(690))
        #expect(run.elapsed == .seconds(90) && run.lapCount == 1 && !run.isEstimated)
        try reset()
        #expect(runs.count == 1, "a reset stopwatch has no run to keep")
    }

    @Test func aRestartKeepsTheRunItEndsAndBeginsAnother() throws {
        try restart()
        #expect(runs.isEmpty, "restarting a new stopwatch ends nothing")
        clock.advance(by: .seconds(5))
        try restart()
        clock.advance(by: .seconds(7))
        try restart()
        #expect(runs.map(\.elapsed) == [.seconds(5), .seconds(7)])
        #expect(runs[1].startedAt == runs[0].endedAt, "each run begins where the last ended")
    }

    @Test func aCountdownReplacedOrDismissedIsKeptWithItsPlan() throws {
        try timer(60)
        clock.advance(by: .seconds(20))
        try timer(30)
        #expect(runs.map(\.plan) == [.countdown(.seconds(60))] && runs[0].elapsed == .seconds(20))
        clock.advance(by: .seconds(45))
        try DismissCountdownUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        #expect(runs.map(\.plan) == [.countdown(.seconds(60)), .countdown(.seconds(30))])
        #expect(
            runs[1].elapsed == .seconds(30) && runs[1].overtime == .seconds(15),
            "it books up to zero; the rest is its overtime")
        #expect(runs[1].endedAt == runs[1].startedAt + .seconds(30) && runs[1].reachedEnd, "it ended at zero")
    }

    @Test func aDeletionKeepsEachRunAndAStopwatchNeverStartedKeepsNothing() throws {
        try start()
        clock.advance(by: .seconds(3))
        let other = StopwatchName("other")!
        try StartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(other)
        try ResetStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(other)
        #expect(runs.count == 1)
        try DeleteStopwatchesUseCase(store: store, timeSource: clock, ids: SequentialIDSource.shared).execute([
            name, other,
        ])
        #expect(runs.map(\.name) == [other, name] && runs[1].elapsed == .seconds(3), "the reset one kept nothing more")
    }

    @Test func aCyclesRunKeepsHowManyPhasesEnded() throws {
        let plan = PhaseSequence(phases: [Phase("work", .seconds(60)), Phase("rest", .seconds(30))], rounds: 2)
        try StartPlanUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared,
            timeZone: ManualTimeZone()
        )
        .execute(name, plan: .sequence(plan), replacing: false)
        clock.advance(by: .seconds(100))
        try StartPlanUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared,
            timeZone: ManualTimeZone()
        )
        .execute(name, plan: .sequence(plan), replacing: true)
        let run = try #require(runs.first)
        #expect(run.plan == .sequence(plan) && run.phasesEnded == 2 && run.elapsed == .seconds(100))
    }
}

/// Time fixed after the fact: `start --ago`, `pause --ago`, on the fake clock.
@Suite struct BackdateTests {
    let name = StopwatchName("work")!
    let clock = ManualTimeSource()

    @Test func aStartTold10MinutesLateCountsThemOnTheBootClockExactly() throws {
        clock.advance(by: .seconds(3600))
        let now = clock.now()
        let state = try StopwatchState.initial(name).started(at: now, ago: .seconds(600))
        #expect(state.elapsed(at: now) == ElapsedTime(duration: .seconds(600), isEstimated: false))
        #expect(state.startedAt == now.wall - .seconds(600) && state.runningSince?.boot == now.boot - .seconds(600))
        #expect(throws: StopwatchError.self, "only from initial") { try state.started(at: now, ago: .seconds(1)) }
    }

    @Test func aStartBeforeThisBootIsEstimatedFromTheWallClock() throws {
        clock.advance(by: .seconds(60))
        let now = clock.now()
        let state = try StopwatchState.initial(name).started(at: now, ago: .seconds(7200))
        #expect(state.elapsed(at: now) == ElapsedTime(duration: .seconds(7200), isEstimated: true))
        clock.advance(by: .seconds(5))
        #expect(state.elapsed(at: clock.now()).duration == .seconds(7205))
    }

    @Test func aPauseGoesBackNoFurtherThanItsSegmentOrItsLatestLap() throws {
        clock.advance(by: .seconds(3600))
        var state = try StopwatchState.initial(name).started(at: clock.now())
        clock.advance(by: .seconds(600))
        let paused = try state.paused(at: clock.now(), ago: .seconds(120))
        #expect(paused.status == .paused && paused.accumulated == .seconds(480))
        #expect(
            throws: StopwatchError.backdateTooFar(
                .pause, state, ago: .seconds(601), furthest: .seconds(600), at: clock.now())
        ) {
            try state.paused(at: clock.now(), ago: .seconds(601))
        }
        state = try state.lapped(at: clock.now(), label: nil).state
        clock.advance(by: .seconds(30))
        #expect(throws: StopwatchError.self, "not before the lap it recorded") {
            try state.paused(at: clock.now(), ago: .seconds(31))
        }
        #expect(try state.paused(at: clock.now(), ago: .seconds(30)).accumulated == .seconds(600))
    }

    @Test func atIsTheLatestTimeTheClocksShowedItAndAStartMoreThan12HoursBackNeedsItsDate() throws {
        // 2026-11-25T12:00:00Z in UTC+1: 13:00 local.
        let now = TimeReading(wall: .seconds(1_795_608_000), boot: .seconds(100_000), bootSession: BootSession("b"))
        let zone = ManualTimeZone(offset: .seconds(3600))
        #expect(
            try Backdate.at(.time(TimeOfDay("12:15")!)).interval(before: now, in: zone, starting: true)
                == .seconds(45 * 60))
        #expect(
            try Backdate.at(.time(TimeOfDay("13:30")!)).interval(before: now, in: zone)
                == .seconds(23 * 3600 + 30 * 60), "yesterday's, for a pause")
        let yesterday = Duration.seconds(1_795_608_000 - 23 * 3600 - 1800)
        #expect(
            throws: StopwatchError.needsDate(start: yesterday, end: nil, length: .seconds(23 * 3600 + 1800)),
            "a start: what was meant is not plain"
        ) {
            try Backdate.at(.time(TimeOfDay("13:30")!)).interval(before: now, in: zone, starting: true)
        }
        #expect(
            try Backdate.at(.instant(yesterday)).interval(before: now, in: zone, starting: true)
                == .seconds(23 * 3600 + 1800), "with its date, it is plain")
        #expect(try Backdate.at(.time(TimeOfDay("13:00")!)).interval(before: now, in: zone) == .zero)
        #expect(throws: StopwatchError.inTheFuture(now.wall + .seconds(60), now: now.wall)) {
            try Backdate.at(.instant(now.wall + .seconds(60))).interval(before: now, in: zone, starting: true)
        }
        #expect(try Backdate.ago(.seconds(-5)).interval(before: now, in: zone) == .zero, "never in the future")
    }

    @Test func aPauseGoesBackBeforeThisBootToWhereItsSegmentBegan() throws {
        // Started 40 minutes ago, 10 minutes into this boot: a pause 20 minutes back is before the boot.
        clock.advance(by: .seconds(600))
        var state = try StopwatchState.initial(name).started(at: clock.now(), ago: .seconds(40 * 60))
        #expect(
            state.elapsed(at: clock.now()).duration == .seconds(2400)
                && state.countingSince == clock.now().wall - .seconds(2400))
        let paused = try state.paused(at: clock.now(), ago: .seconds(20 * 60))
        #expect(
            paused.status == .paused && paused.accumulated == .seconds(1200) && paused.isEstimated
                && paused.pausedAt == clock.now().wall - .seconds(1200))
        #expect(throws: StopwatchError.self, "not before it was started") {
            try state.paused(at: clock.now(), ago: .seconds(41 * 60))
        }
        // Across a reboot the estimate is folded in; the segment still began where it began.
        clock.reboot(after: .seconds(300))
        state = state.rebased(at: clock.now())
        let acrossTheReboot = try state.paused(at: clock.now(), ago: .seconds(30 * 60))
        #expect(acrossTheReboot.accumulated == .seconds(45 * 60 - 30 * 60) && acrossTheReboot.isEstimated)
    }
}

/// `track`: a block told after the fact, kept as a run, never in the future.
@Suite struct TrackTests {
    // 2026-11-25T12:00:00Z, 13:00 in UTC+1.
    let clock = ManualTimeSource(wall: .seconds(1_795_608_000))
    let store = InMemoryStopwatchStore()

    @Test func aBlockEndsAtTheLatestEndTheClocksShowedAndBeginsBeforeIt() throws {
        let zone = ManualTimeZone(offset: .seconds(3600))
        let track = TrackRunUseCase(
            history: store.history, stateStore: StateStore(RunHistory()), timeSource: clock, timeZone: zone,
            ids: SequentialIDSource.shared)
        let morning = try track.execute(
            StopwatchName("meeting")!, from: .time(TimeOfDay("09:00")!), to: .time(TimeOfDay("10:30")!))
        #expect(
            morning.endedAt == .seconds(1_795_608_000 - 9000) && morning.elapsed == .seconds(5400)
                && morning.isEstimated)
        let night = try track.execute(
            StopwatchName("night")!, from: .time(TimeOfDay("23:00")!), to: .time(TimeOfDay("01:00")!))
        #expect(night.elapsed == .seconds(7200), "across midnight, as it reads")
        let later = try track.execute(
            StopwatchName("later")!, from: .time(TimeOfDay("12:00")!), to: .time(TimeOfDay("14:00")!))
        #expect(
            later.endedAt < clock.now().wall && later.elapsed == .seconds(7200),
            "14:00 is still to come today: yesterday's")
        #expect(try store.history.read().runs().runs.map(\.name.rawValue) == ["meeting", "night", "later"])
    }

    @Test func aBlockThatBareTimesLeaveUnclearIsGivenWithDatesAndNoneGoesIntoTheFutureOrBackwards() throws {
        let zone = ManualTimeZone(offset: .seconds(3600))
        let track = TrackRunUseCase(
            history: store.history, stateStore: StateStore(RunHistory()), timeSource: clock, timeZone: zone,
            ids: SequentialIDSource.shared)
        let name = StopwatchName("x")!
        // At 13:00: 10:00 to 09:00 is yesterday's 10:00 to today's 09:00, 23 hours.
        let nine = Duration.seconds(1_795_608_000 - 4 * 3600)
        let yesterdayTen = Duration.seconds(1_795_608_000 - 27 * 3600)
        #expect(throws: StopwatchError.needsDate(start: yesterdayTen, end: nine, length: .seconds(23 * 3600))) {
            try track.execute(name, from: .time(TimeOfDay("10:00")!), to: .time(TimeOfDay("09:00")!))
        }
        #expect(
            try track.execute(name, from: .instant(yesterdayTen), to: .instant(nine)).elapsed == .seconds(23 * 3600),
            "dated, it is plain")
        #expect(throws: StopwatchError.endBeforeStart(start: nine, end: nine)) {
            try track.execute(name, from: .instant(nine), to: .instant(nine))
        }
        #expect(throws: StopwatchError.inTheFuture(clock.now().wall + .seconds(1), now: clock.now().wall)) {
            try track.execute(name, from: .instant(nine), to: .instant(clock.now().wall + .seconds(1)))
        }
        let overlapping = #expect(throws: StopwatchError.self) {
            try track.execute(name, from: .time(TimeOfDay("08:00")!), to: .time(TimeOfDay("08:30")!))
        }
        guard case .overlap(_, let other)? = overlapping else {
            Issue.record("\(String(describing: overlapping))")
            return
        }
        #expect(other.startedAt == yesterdayTen, "a block never overlaps another run of its name")
        #expect(try store.history.read().runs().runs.count == 1, "nothing refused was written")
    }
}

/// A past run's laps, `laps NAME --run N`.
@Suite struct PastLapsTests {
    let name = StopwatchName("build")!
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let stateStore = StateStore(StopwatchSnapshot.initial(StopwatchName("build")!))

    @Test func eachRunKeepsItsLapsCountingBackFromTheLatest() throws {
        let lap = RecordLapUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
        let restart = RestartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
        try restart.execute(name)
        clock.advance(by: .seconds(1))
        try lap.execute(name, label: "first run")
        clock.advance(by: .seconds(1))
        try restart.execute(name)
        clock.advance(by: .seconds(1))
        try lap.execute(name, label: "second run")
        try lap.execute(name)
        try ResetStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        let laps = LoadLapsUseCase(store: store, history: store.history, stateStore: StateStore(LapHistory(name: name)))
        #expect(try laps.execute(name, run: 1).laps.map(\.label) == ["second run", nil])
        #expect(try laps.execute(name, run: 2).laps.map(\.label) == ["first run"])
        #expect(throws: StopwatchError.noSuchRun(name, 3, kept: 2)) { try laps.execute(name, run: 3) }
        // Once "it keeps none; 'stopwatch history nosuch' lists them", which failed when pasted.
        let typo = StopwatchName("biuld")!
        #expect(throws: StopwatchError.unknownName(typo, known: [name])) { try laps.execute(typo, run: 1) }
    }
}
