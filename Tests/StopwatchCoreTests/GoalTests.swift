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
