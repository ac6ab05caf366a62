import StopwatchCore
import StopwatchTestSupport
import Testing

/// Goals for a day and a week, and how today and this week stand against them: on the fake
/// clock, in a fixed zone, with the runs history keeps and those in progress.
@Suite struct GoalTests {
    // 2026-11-26T13:00:00Z, a Thursday: 14:00 in UTC+1.
    let clock = ManualTimeSource(wall: .seconds(1_795_698_000))
    let zone = ManualTimeZone(offset: .seconds(3600))
    let store = InMemoryStopwatchStore()
    let hour = Duration.seconds(3600)

    func track(_ name: String, _ from: String, _ to: String) throws {
        let track = TrackRunUseCase(
            history: store.history, stateStore: StateStore(RunHistory()), timeSource: clock, timeZone: zone,
            ids: SequentialIDSource.shared)
        try track.execute(StopwatchName(name)!, from: .time(TimeOfDay(from)!), to: .time(TimeOfDay(to)!))
    }

    @Test func progressIsWhatWasBookedAgainstTheGoalTruncatedAndNeverPastIt() {
        var progress = GoalProgress(
            period: .day, total: PeriodTotal(booked: hour * 2 + .microseconds(999_999), completed: 3),
            goal: Goal(time: hour * 6, count: 8))
        #expect(
            progress.percent == 33 && progress.timeLeft == hour * 4 - .microseconds(999_999) && progress.countLeft == 5
                && !progress.isReached)
        progress.total = PeriodTotal(booked: hour * 7, completed: 8)
        #expect(progress.percent == 100 && progress.timeLeft == .zero && progress.countLeft == 0 && progress.isReached)
        progress.goal = Goal(count: 10)
        #expect(
            progress.percent == 80 && progress.timeLeft == nil && !progress.isReached,
            "of the count, without a time goal")
        progress.goal = Goal()
        #expect(progress.percent == nil && !progress.isReached)
    }

    @Test func todayAndThisWeekCountTheRunsKeptAndThoseInProgress() throws {
        try track("build", "09:00", "10:30")
        // Monday, and last Sunday (the week before).
        let track = TrackRunUseCase(
            history: store.history, stateStore: StateStore(RunHistory()), timeSource: clock, timeZone: zone,
            ids: SequentialIDSource.shared)
        let monday = Duration.seconds(1_795_698_000 - 3 * 86_400)
        try track.execute(StopwatchName("read")!, from: .instant(monday - hour), to: .instant(monday))
        try track.execute(StopwatchName("read")!, from: .instant(monday - hour * 96), to: .instant(monday - hour * 95))
        // One started 30 minutes ago and running still.
        let started = try StopwatchState.initial(StopwatchName("work")!).started(at: clock.now(), ago: .seconds(1800))
        let store = InMemoryStopwatchStore([started])
        for run in try self.store.history.read().runs().runs {
            try store.history.update { _, _ in
                HistoryCommit(
                    change: HistoryChange(
                        id: SequentialIDSource.shared.next(), madeAt: .zero, kind: .track, events: [.run(run)]))
            }
        }
        let summary = try ReadProgressUseCase(
            store: store, history: store.history,
            goals: InMemoryGoalStore(Goals(day: Goal(time: hour * 4), week: Goal(time: hour * 30))),
            stateStore: StateStore(TodaySummary.empty), timeSource: clock, timeZone: zone
        ).execute()
        #expect(summary.day.total.booked == hour * 2, "1:30 kept, 0:30 running")
        #expect(summary.week.total.booked == hour * 3, "Monday's hour too, not the Sunday before")
        #expect(summary.day.percent == 50 && summary.day.timeLeft == hour * 2 && summary.week.percent == 10)
        #expect(summary.inUse.map(\.name.rawValue) == ["work"], "the stopwatch running, for the bars")
    }

    /// Issue 61, the rest a new user met: `start code --ago 10m; start meeting --ago 5m` gave 15
    /// minutes in a 10-minute span. A moment two runs counted counts once, kept or in progress.
    @Test func aMomentTwoRunsCountedIsCountedOnce() throws {
        func today(_ stopwatches: [StopwatchState]) throws -> Duration {
            let store = InMemoryStopwatchStore(stopwatches)
            for run in try self.store.history.read().runs().runs {
                try store.history.update { _, _ in
                    HistoryCommit(
                        change: HistoryChange(
                            id: SequentialIDSource.shared.next(), madeAt: .zero, kind: .track, events: [.run(run)]))
                }
            }
            return try ReadProgressUseCase(
                store: store, history: store.history, goals: InMemoryGoalStore(),
                stateStore: StateStore(TodaySummary.empty), timeSource: clock, timeZone: zone
            ).execute().day.total.booked
        }
        let code = try StopwatchState.initial(StopwatchName("code")!).started(at: clock.now(), ago: .seconds(600))
        let meeting = try StopwatchState.initial(StopwatchName("meeting")!).started(at: clock.now(), ago: .seconds(300))
        #expect(try today([code, meeting]) == .seconds(600), "both running: ten minutes, not fifteen")
        #expect(try today([code]) == .seconds(600) && today([meeting]) == .seconds(300))
        // A run kept, 13:30 to 13:55, and the two in progress since 13:50 and 13:55.
        try track("build", "13:30", "13:55")
        #expect(try today([]) == .seconds(1500))
        #expect(try today([code, meeting]) == .seconds(1800), "13:30 to 14:00, each moment once")
        try track("read", "09:00", "10:00")
        #expect(try today([meeting]) == .seconds(5400), "nothing shared: each its own")
    }

    /// A run's time is taken as spread evenly over its span, as across midnight: where runs
    /// overlap, a stretch books no more than itself, or than one run's share of it.
    @Test func anOverlapIsTheSharesPastTheStretch() {
        func run(_ from: Int64, _ to: Int64, elapsed: Int64) -> RunRecord {
            RunRecord(
                id: SequentialIDSource.shared.next(), name: StopwatchName("a")!, plan: .open, startedAt: .seconds(from),
                endedAt: .seconds(to), elapsed: .seconds(elapsed), isEstimated: false, lapCount: 0)
        }
        func overlap(_ runs: RunRecord...) -> Duration {
            var tally = OverlapTally(since: .seconds(0), until: .seconds(100))
            for run in runs { tally.add(run) }
            return tally.overlap
        }
        #expect(overlap(run(0, 10, elapsed: 10), run(10, 20, elapsed: 10)) == .zero, "one after the other")
        #expect(overlap(run(0, 10, elapsed: 10), run(5, 20, elapsed: 15)) == .seconds(5))
        #expect(overlap(run(0, 10, elapsed: 10), run(2, 4, elapsed: 2), run(3, 6, elapsed: 3)) == .seconds(5))
        // Paused for 6 of its 10 seconds: 0.4 of each second is its; 2 s of another in them.
        #expect(overlap(run(0, 10, elapsed: 4), run(2, 4, elapsed: 2)) == .milliseconds(800))
        // A clock that counted more than the wall clock passed (set back): its share stands.
        #expect(overlap(run(0, 10, elapsed: 20), run(0, 10, elapsed: 10)) == .seconds(10))
        #expect(overlap(run(90, 110, elapsed: 20), run(95, 120, elapsed: 25)) == .seconds(5), "cut at the span")
        // Counted on from pieces kept: the same overlap.
        var tally = OverlapTally(since: .seconds(0), until: .seconds(100))
        tally.add(run(0, 10, elapsed: 10))
        var again = OverlapTally(since: .seconds(0), until: .seconds(100), pieces: tally.pieces)
        again.add(run(5, 20, elapsed: 15))
        #expect(again.overlap == .seconds(5) && tally.pieces.count == 1)
    }

    @Test func settingAGoalKeepsWhatIsNotGivenAndAFailedWriteChangesNothing() throws {
        let goals = InMemoryGoalStore()
        let set = SetGoalUseCase(goals: goals)
        try set.execute(.day, time: hour * 6, count: nil, clear: false)
        try set.execute(.day, time: nil, count: 8, clear: false)
        try set.execute(.week, time: hour * 30, count: nil, clear: false)
        #expect(try goals.read() == Goals(day: Goal(time: hour * 6, count: 8), week: Goal(time: hour * 30)))
        try set.execute(.day, time: nil, count: 4, clear: true)
        #expect(try goals.read().day == Goal(count: 4), "cleared, then the count set")
        let failing = InMemoryGoalStore(Goals(day: Goal(count: 2)), failsToWrite: true)
        #expect(throws: InMemoryGoalStore.WriteFailure.self) {
            try SetGoalUseCase(goals: failing).execute(.day, time: hour, count: nil, clear: false)
        }
        #expect(try failing.read().day == Goal(count: 2))
        #expect(
            Goal.text(of: hour * 30) == "30h" && Goal.text(of: hour * 7 + .seconds(1800)) == "7h30m",
            "hours, never days")
    }
}
