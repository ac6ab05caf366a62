import StopwatchCore
import StopwatchTestSupport
import Testing

/// What another project can do with the Core and its fakes: no file, no clock, no sleep.
@Suite struct CoreConsumerTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let name = StopwatchName("focus")!

    @Test func aStopwatchCountsWhatTheClockSaysAcrossASuspend() throws {
        let stateStore = StateStore(StopwatchSnapshot.initial(name))
        let ids = SequentialIDSource()
        try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(name)
        clock.advance(by: .seconds(90))
        clock.suspend(for: .seconds(30))
        let paused = try PauseStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids)
            .execute(name)
        #expect(paused.elapsed(at: clock.now()).duration == .seconds(120), "a suspend counts: time is read, not ticked")
        #expect(stateStore.state.state.status == .paused, "the StateStore holds what was committed")
    }

    @Test func aRunThatEndsIsKeptInHistory() throws {
        let stateStore = StateStore(StopwatchSnapshot.initial(name))
        let ids = SequentialIDSource()
        try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(name)
        clock.advance(by: .seconds(60))
        try ResetStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(name)
        let runs = try store.history.read().runs().runs
        #expect(runs.count == 1 && runs.first?.name == name)
    }
}
