import StopwatchTestSupport
import Testing

@testable import StopwatchCore

/// Countdowns: a stopwatch with a duration, read on the same clocks.
@Suite struct CountdownTests {
    let name = StopwatchName("tea")!
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let stateStore = StateStore(StopwatchSnapshot.initial(StopwatchName("tea")!))

    @discardableResult
    func startCountdown(
        _ length: CountdownLength, replacing: Bool = false, hook: ExpiryHook? = nil,
        zone: ManualTimeZone = ManualTimeZone()
    ) throws -> StopwatchState {
        try StartPlanUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared, timeZone: zone
        )
        .execute(name, for: length, replacing: replacing, hook: hook)
    }

    func claim() throws -> ClaimExpiryHookUseCase.Outcome {
        try ClaimExpiryHookUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
    }

    @Test func anExpiredCountdownIsDismissedAndOneWithTimeLeftIsNot() throws {
        try startCountdown(.duration(.seconds(60)))
        let dismiss = DismissCountdownUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
        clock.advance(by: .milliseconds(59_999))
        #expect(throws: StopwatchError.self) { try dismiss.execute(name) }
        #expect(try store.load(name)?.status == .running, "refused, unchanged")
        clock.advance(by: .seconds(3))
        #expect(try dismiss.execute(name) == .initial(name, plan: .countdown(.seconds(60))))

        let listing = StateStore(StopwatchListing())
        let other = StopwatchName("egg")!
        try StartPlanUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared,
            timeZone: ManualTimeZone()
        )
        .execute(other, for: .duration(.seconds(1)), replacing: false)
        try StartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        clock.advance(by: .seconds(2))
        let dismissed = try DismissExpiredCountdownsUseCase(
            history: store.history, stateStore: listing, timeSource: clock, ids: SequentialIDSource.shared
        ).execute()
        #expect(dismissed.stopwatches.map(\.name) == [other])
        #expect(listing.state.stopwatches.map(\.status) == [.initial], "published")
        #expect(try store.load(name)?.status == .running, "the countdown with time left runs on")
    }

    @Test func aHookIsClaimedOnceAtZeroAndNeverBefore() throws {
        let hook = ExpiryHook(command: "make tea", notify: true)
        try startCountdown(.duration(.seconds(60)), hook: hook)
        clock.advance(by: .milliseconds(59_999))
        #expect(try claim() == .pending)
        #expect(try store.load(name)?.hook == hook, "nothing written before zero")
        clock.advance(by: .milliseconds(1))
        #expect(try claim() == .claimed(hook))
        #expect(try store.load(name)?.hook == nil, "committed gone before it runs")
        #expect(stateStore.state.state.hook == nil, "published")
        #expect(try claim() == .none, "a second claimer finds nothing")
    }

    @Test func aHookStaysWithItsCountdownThroughPauseResetAndMoreTime() throws {
        let hook = ExpiryHook(command: "a")
        try startCountdown(.duration(.seconds(10)), hook: hook)
        try PauseStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        try ResetStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        try StartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        clock.advance(by: .seconds(10))
        try add(.seconds(5))
        #expect(try claim() == .pending, "more time moves its zero")
        try AddCountdownTimeUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        )
        .execute(name, adding: .zero, hook: ExpiryHook(command: "b", notify: true))
        #expect(
            try store.load(name)?.hook == ExpiryHook(command: "b", notify: true),
            "--add --exec replaces the command, --notify adds")
        clock.advance(by: .seconds(5))
        #expect(try claim() == .claimed(ExpiryHook(command: "b", notify: true)))
    }

    @Test func replacingACountdownReplacesOrCancelsItsHook() throws {
        try startCountdown(.duration(.seconds(10)), hook: ExpiryHook(command: "old"))
        try startCountdown(.duration(.seconds(5)), replacing: true, hook: ExpiryHook(command: "new"))
        #expect(try store.load(name)?.hook == ExpiryHook(command: "new"))
        try startCountdown(.duration(.seconds(5)), replacing: true)
        clock.advance(by: .seconds(5))
        #expect(try claim() == .none, "replaced by one without a hook")
        try DeleteStopwatchesUseCase(store: store, timeSource: clock, ids: SequentialIDSource.shared).execute([name])
        #expect(throws: StopwatchError.noSuchStopwatch(name)) { try claim() }
    }

    func progress() throws -> CountdownProgress {
        try #require(try store.load(name)?.countdownProgress(at: clock.now()))
    }

    @Test func countsDownToExpiryThenOvertime() throws {
        try startCountdown(.duration(.seconds(60)))
        #expect(
            try progress()
                == CountdownProgress(
                    duration: .seconds(60), remaining: .seconds(60), overtime: .zero, isEstimated: false))
        clock.advance(by: .milliseconds(59_999))
        #expect(try progress().remaining == .milliseconds(1))
        #expect(try !progress().isExpired)
        clock.advance(by: .milliseconds(1))
        #expect(try progress().isExpired)
        #expect(try progress().overtime == .zero)
        clock.advance(by: .seconds(5))
        #expect(
            try progress()
                == CountdownProgress(
                    duration: .seconds(60), remaining: .zero, overtime: .seconds(5), isEstimated: false))
    }

    func add(_ change: Duration, to name: StopwatchName? = nil) throws {
        try AddCountdownTimeUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name ?? self.name, adding: change)
    }

    @Test func addingTimeGrowsOrShrinksTheTimeLeftButNeverBelowZero() throws {
        try startCountdown(.duration(.seconds(60)))
        clock.advance(by: .seconds(20))
        try add(.seconds(10))
        #expect(
            try progress()
                == CountdownProgress(
                    duration: .seconds(70), remaining: .seconds(50), overtime: .zero, isEstimated: false))
        try add(.seconds(-45))
        #expect(try progress().remaining == .seconds(5))
        #expect(stateStore.state.state.countdown == .seconds(25), "published")
        try add(.seconds(-10))
        #expect(
            try progress()
                == CountdownProgress(duration: .seconds(20), remaining: .zero, overtime: .zero, isEstimated: false),
            "ends now")
        clock.advance(by: .seconds(3))
        try add(.seconds(-10))
        #expect(try progress().overtime == .seconds(3), "an expired countdown stays as it was")
        try add(.seconds(10))
        #expect(try progress().remaining == .seconds(10), "and more time brings it back, counted from now")
    }

    /// `+5 min` answered six minutes late, or `timer tea --add 10s` nine seconds after the zero:
    /// that much from the answer, with the hook the zero ran armed again.
    @Test func moreTimeForAnExpiredCountdownCountsFromNowAndArmsItsHookAgain() throws {
        let hook = ExpiryHook(command: "true", notify: true)
        var tea = StopwatchState.countdown(name, duration: .seconds(60), startedAt: clock.now(), hook: hook)
        clock.advance(by: .seconds(60 + 360))
        tea.hook = nil
        tea.claimedHook = hook
        let more = try #require(tea.addingTime(.seconds(300), at: clock.now()))
        #expect(more.progress(at: clock.now()).end?.remaining == .seconds(300))
        #expect(more.hook == hook && more.claimedHook == nil && more.awaitsHook(at: clock.now()))
        let less = try #require(tea.addingTime(.seconds(-10), at: clock.now()))
        #expect(less.isExpired(at: clock.now()) && less.hook == nil, "less time leaves it as it was")
    }

    @Test func addingTimeKeepsTheElapsedTimeAndTheLapsAndStopsAtTheLongestDuration() throws {
        try startCountdown(.duration(.seconds(60)))
        clock.advance(by: .seconds(5))
        try RecordLapUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
            .execute(name, label: nil)
        try add(.seconds(36_525 * 86_400))
        let state = try #require(try store.load(name))
        #expect(state.countdown == DurationSyntax.maximum)
        #expect(state.elapsed(at: clock.now()).duration == .seconds(5))
        #expect(state.lapCount == 1)
    }

    @Test func addingTimeToAStopwatchIsRefusedAndToNothingIsNoSuchStopwatch() throws {
        let watch = StopwatchName("watch")!
        try StartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(watch)
        #expect {
            try add(.seconds(10), to: watch)
        } throws: { error in
            guard case StopwatchError.notApplicable(.addTime, _, _) = error else { return false }
            return true
        }
        #expect(throws: StopwatchError.noSuchStopwatch(StopwatchName("none")!)) {
            try add(.seconds(10), to: StopwatchName("none")!)
        }
    }

    @Test func aPauseMovesExpiryLater() throws {
        try startCountdown(.duration(.seconds(60)))
        clock.advance(by: .seconds(50))
        try PauseStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        clock.advance(by: .seconds(600))
        #expect(try progress().remaining == .seconds(10))
        try ResumeStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        clock.advance(by: .seconds(9))
        #expect(try !progress().isExpired)
        clock.advance(by: .seconds(2))
        #expect(try progress().overtime == .seconds(1))
    }

    /// Once it paused the overtime, and still showed it expired.
    @Test func pausingAfterExpiryIsRefusedButAsOfAMomentBeforeItIsNot() throws {
        try startCountdown(.duration(.seconds(10)))
        clock.advance(by: .seconds(13))
        let pause = PauseStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
        let running = try #require(try store.load(name))
        #expect(throws: StopwatchError.notApplicable(.pause, running, at: clock.now())) { try pause.execute(name) }
        #expect(throws: StopwatchError.notApplicable(.pause, running, at: clock.now())) {
            try pause.execute(name, back: .ago(.seconds(2)), in: ManualTimeZone())
        }
        #expect(try store.load(name) == running, "refused, unchanged")
        try pause.execute(name, back: .ago(.seconds(5)), in: ManualTimeZone())
        clock.advance(by: .seconds(100))
        #expect(try progress().remaining == .seconds(2) && progress().overtime == .zero)
    }

    @Test func resetGoesBackToTheFullDurationAndStartRunsItAgain() throws {
        try startCountdown(.duration(.seconds(30)))
        clock.advance(by: .seconds(45))
        try RecordLapUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
            .execute(name)
        let reset = try ResetStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        #expect(reset == .initial(name, plan: .countdown(.seconds(30))))
        clock.advance(by: .seconds(100))
        #expect(try progress().remaining == .seconds(30))
        try StartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        clock.advance(by: .seconds(20))
        #expect(try progress().remaining == .seconds(10))
    }

    @Test func aSplitIsALapOfTheElapsedTime() throws {
        try startCountdown(.duration(.seconds(30)))
        clock.advance(by: .seconds(12))
        let lap = try RecordLapUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        #expect(lap.duration == .seconds(12))
        #expect(try progress().remaining == .seconds(18))
    }

    @Test func suspendCountsSoTheLaptopWakesToTheRightTime() throws {
        try startCountdown(.duration(.seconds(600)))
        clock.advance(by: .seconds(100))
        clock.suspend(for: .seconds(300))
        #expect(try progress().remaining == .seconds(200))
        clock.suspend(for: .seconds(3600))
        #expect(try progress().overtime == .seconds(3400))
    }

    @Test func aWallClockChangeDoesNotMoveIt() throws {
        try startCountdown(.duration(.seconds(600)))
        clock.advance(by: .seconds(100))
        clock.shiftWallClock(by: .seconds(-3600))
        #expect(try progress().remaining == .seconds(500))
        clock.shiftWallClock(by: .seconds(7200))
        #expect(try progress().remaining == .seconds(500))
    }

    @Test func afterARebootItCountsOnTheWallClockAndIsEstimated() throws {
        try startCountdown(.duration(.seconds(600)))
        clock.advance(by: .seconds(100))
        clock.reboot(after: .seconds(200))
        let after = try progress()
        #expect(after.remaining == .seconds(300))
        #expect(after.isEstimated)
    }

    @Test func neverCountsBackUpByItself() throws {
        try startCountdown(.duration(.seconds(600)))
        clock.advance(by: .seconds(100))
        // A change after a reboot pins the estimate; a wall clock set back later cannot undo it.
        clock.reboot(after: .seconds(200))
        let load = LoadStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock)
        try RecordLapUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        let pinned = try progress().remaining
        clock.shiftWallClock(by: .seconds(-10_000))
        try load.execute(name)
        #expect(try progress().remaining <= pinned)
        var previous = try progress().remaining
        for step in [1, 0, 5, 60] {
            clock.advance(by: .seconds(step))
            let remaining = try progress().remaining
            #expect(remaining <= previous)
            previous = remaining
        }
    }

    @Test func anExistingNameIsRefusedUnlessReplacing() throws {
        try StartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        clock.advance(by: .seconds(5))
        try RecordLapUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
            .execute(name)
        let commits = store.commitCount
        let stopwatch = try #require(try store.load(name))
        #expect(throws: StopwatchError.notApplicable(.createCountdown, stopwatch, at: clock.now())) {
            try startCountdown(.duration(.seconds(60)))
        }
        #expect(store.commitCount == commits)
        #expect(try store.load(name)?.isCountdown == false)

        let replaced = try startCountdown(.duration(.seconds(60)), replacing: true)
        var expected = StopwatchState.countdown(name, duration: .seconds(60), startedAt: clock.now())
        expected.runID = replaced.runID
        #expect(replaced == expected && replaced.runID != stopwatch.runID)
        #expect(try store.laps(of: name).isEmpty)
        #expect(stateStore.state.state == replaced)
    }

    @Test func aCountdownNameIsReusedOnceExpiredOrResetButNotWithTimeLeft() throws {
        try startCountdown(.duration(.seconds(60)))
        clock.advance(by: .seconds(59))
        let running = try #require(try store.load(name))
        #expect(throws: StopwatchError.notApplicable(.createCountdown, running, at: clock.now())) {
            try startCountdown(.duration(.seconds(10)))
        }
        clock.advance(by: .seconds(1))
        #expect(try startCountdown(.duration(.seconds(10))).countdown == .seconds(10), "expired: replaced")
        try ResetStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        #expect(try startCountdown(.duration(.seconds(20))).countdown == .seconds(20), "reset: replaced")
        try PauseStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        #expect(throws: StopwatchError.self, "paused with time left") { try startCountdown(.duration(.seconds(5))) }
    }

    @Test func untilATimeOfDayIsTheDurationToThatInstant() throws {
        // 2026-01-01T00:00:00Z; the zone is UTC+1, so local time is 01:00.
        let zone = ManualTimeZone(offset: .seconds(3600))
        let state = try startCountdown(.until(TimeOfDay(hour: 1, minute: 30)!), zone: zone)
        #expect(state.countdown == .seconds(1800))
    }

    @Test func aStopwatchHasNoCountdownProgress() throws {
        let state = try StopwatchState.initial(name).started(at: clock.now())
        #expect(state.countdownProgress(at: clock.now()) == nil)
    }
}
