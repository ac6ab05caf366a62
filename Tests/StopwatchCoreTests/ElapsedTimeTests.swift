import StopwatchCore
import StopwatchTestSupport
import Testing

/// Elapsed time is read from the clocks: across pauses, suspend, clock changes and reboots.
@Suite struct ElapsedTimeTests {
    let name = StopwatchName.default
    let clock = ManualTimeSource()

    func running() throws -> StopwatchState {
        try StopwatchState.initial(name).started(at: clock.now())
    }

    @Test func countsOnlyRunningSegments() throws {
        var state = try running()
        clock.advance(by: .seconds(10))
        state = try state.paused(at: clock.now())
        clock.advance(by: .seconds(100))
        #expect(state.elapsed(at: clock.now()).duration == .seconds(10))
        state = try state.resumed(at: clock.now())
        clock.advance(by: .milliseconds(2_500))
        #expect(state.elapsed(at: clock.now()) == ElapsedTime(duration: .milliseconds(12_500), isEstimated: false))
    }

    @Test func initialIsZero() {
        #expect(StopwatchState.initial(name).elapsed(at: clock.now()).duration == .zero)
    }

    @Test func suspendCountsBecauseTheBootClockCountsIt() throws {
        let state = try running()
        clock.advance(by: .seconds(5))
        clock.suspend(for: .seconds(3600))
        #expect(state.elapsed(at: clock.now()) == ElapsedTime(duration: .seconds(3605), isEstimated: false))
    }

    @Test func wallClockSetBackChangesNothingWithinABoot() throws {
        let state = try running()
        clock.advance(by: .seconds(30))
        clock.shiftWallClock(by: .seconds(-7200))
        #expect(state.elapsed(at: clock.now()) == ElapsedTime(duration: .seconds(30), isEstimated: false))
    }

    @Test func wallClockSetForwardChangesNothingWithinABoot() throws {
        let state = try running()
        clock.advance(by: .seconds(30))
        clock.shiftWallClock(by: .seconds(86_400))
        #expect(state.elapsed(at: clock.now()).duration == .seconds(30))
    }

    @Test func afterARebootTheWallClockEstimatesTheRunningSegment() throws {
        var state = try running()
        clock.advance(by: .seconds(20))
        state = try state.paused(at: clock.now())
        state = try state.resumed(at: clock.now())
        clock.advance(by: .seconds(40))
        clock.reboot(after: .seconds(60))
        #expect(state.elapsed(at: clock.now()) == ElapsedTime(duration: .seconds(120), isEstimated: true))
    }

    @Test func aPausedStopwatchIsExactAfterAReboot() throws {
        var state = try running()
        clock.advance(by: .seconds(20))
        state = try state.paused(at: clock.now())
        clock.reboot(after: .seconds(600))
        #expect(state.elapsed(at: clock.now()) == ElapsedTime(duration: .seconds(20), isEstimated: false))
    }

    @Test func aRebootWithTheClockSetBackBeforeTheStartNeverGoesNegative() throws {
        var state = try running()
        clock.advance(by: .seconds(20))
        state = try state.paused(at: clock.now())
        state = try state.resumed(at: clock.now())
        clock.reboot(after: .seconds(10))
        clock.shiftWallClock(by: .seconds(-3600))
        #expect(state.elapsed(at: clock.now()) == ElapsedTime(duration: .seconds(20), isEstimated: true))
    }

    @Test func aRebootAfterTheClockWasSetBackNeverFallsBelowTheLatestSplit() throws {
        var state = try running()
        clock.advance(by: .seconds(7200))
        state = try state.lapped(at: clock.now(), label: nil).state
        clock.shiftWallClock(by: .seconds(-3600))
        clock.advance(by: .seconds(60))
        clock.reboot(after: .seconds(10))
        // The wall clock counts 3,670 s since the start; the split at 7,200 s stands.
        #expect(state.elapsed(at: clock.now()) == ElapsedTime(duration: .seconds(7200), isEstimated: true))
        clock.advance(by: .seconds(5))
        #expect(state.rebased(at: clock.now()).elapsed(at: clock.now()).duration == .seconds(7200))
    }

    @Test func aBootSessionOfUnknownOffsetFallsBackToTheWallClock() throws {
        let state = try running()
        clock.advance(by: .seconds(5))
        clock.enterTimeNamespace(offset: .seconds(1_000_000), session: BootSession("boot-0 time:[other]"))
        #expect(state.elapsed(at: clock.now()) == ElapsedTime(duration: .seconds(5), isEstimated: true))
    }

    @Test func rebasePinsTheEstimateSoLaterReadsNeverDecrease() throws {
        var state = try running()
        clock.advance(by: .seconds(50))
        clock.reboot(after: .seconds(50))
        #expect(state.needsRebase(at: clock.now()))
        state = state.rebased(at: clock.now())
        #expect(!state.needsRebase(at: clock.now()))
        let first = state.elapsed(at: clock.now())
        clock.shiftWallClock(by: .seconds(-3600))
        clock.advance(by: .seconds(1))
        let second = state.elapsed(at: clock.now())
        #expect(first == ElapsedTime(duration: .seconds(100), isEstimated: true))
        #expect(second == ElapsedTime(duration: .seconds(101), isEstimated: true))
    }

    @Test func everyReadIsAtLeastThePreviousOne() throws {
        var state = try running()
        var previous = Duration.zero
        let steps: [(ManualTimeSource) -> Void] = [
            { $0.advance(by: .milliseconds(7)) }, { $0.shiftWallClock(by: .seconds(-60)) },
            { $0.suspend(for: .seconds(3)) }, { $0.shiftWallClock(by: .seconds(600)) },
            { $0.advance(by: .microseconds(1)) }, { $0.reboot(after: .seconds(2)) },
            { $0.shiftWallClock(by: .seconds(-1)) }, { $0.advance(by: .seconds(1)) },
        ]
        for step in steps {
            step(clock)
            state = state.rebased(at: clock.now())
            let elapsed = state.elapsed(at: clock.now()).duration
            #expect(elapsed >= previous)
            previous = elapsed
        }
    }

    @Test func aLoadAfterARebootEstimatesAndWritesNothing() throws {
        let store = InMemoryStopwatchStore()
        let stateStore = StateStore(StopwatchSnapshot.initial(name))
        let ids = SequentialIDSource.shared
        try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(name)
        let started = try store.load(name)
        clock.advance(by: .seconds(10))
        clock.reboot(after: .seconds(5))
        let load = LoadStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock)
        let loaded = try load.execute(name)
        #expect(loaded.elapsed(at: clock.now()) == ElapsedTime(duration: .seconds(15), isEstimated: true))
        #expect(try store.load(name) == started)
        // Every read estimates alike until a change saves the estimate on the new boot clock.
        clock.shiftWallClock(by: .seconds(-5))
        #expect(try load.execute(name).elapsed(at: clock.now()).duration == .seconds(10))
        try RecordLapUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(name)
        clock.shiftWallClock(by: .seconds(-100))
        clock.advance(by: .seconds(1))
        #expect(try load.execute(name).elapsed(at: clock.now()).duration == .seconds(11))
    }

    @Test func aPauseAfterARebootKeepsTheEstimateMark() throws {
        let store = InMemoryStopwatchStore()
        let stateStore = StateStore(StopwatchSnapshot.initial(name))
        try StartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        clock.advance(by: .seconds(10))
        clock.reboot(after: .seconds(5))
        let paused = try PauseStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        #expect(paused.elapsed(at: clock.now()) == ElapsedTime(duration: .seconds(15), isEstimated: true))
        try ResetStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        #expect(try store.load(name)?.isEstimated == false)
    }
}
