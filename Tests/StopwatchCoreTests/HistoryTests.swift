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

    var runs: [RunRecord] { (try? store.history().runs) ?? [] }

    func start() throws { try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name) }
    func pause() throws { try PauseStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name) }
    func resume() throws { try ResumeStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name) }
    func lap() throws { _ = try RecordLapUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name) }
    func reset() throws { try ResetStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name) }
    func restart() throws { try RestartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name) }
    func timer(_ seconds: Int64, replacing: Bool = true) throws {
        try StartCountdownUseCase(store: store, stateStore: stateStore, timeSource: clock, timeZone: ManualTimeZone())
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
        try DismissCountdownUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name)
        #expect(runs.map(\.plan) == [.countdown(.seconds(60)), .countdown(.seconds(30))])
        #expect(runs[1].elapsed == .seconds(45), "its overtime counted, as status showed it")
    }

    @Test func aDeletionKeepsEachRunAndAStopwatchNeverStartedKeepsNothing() throws {
        try start()
        clock.advance(by: .seconds(3))
        let other = StopwatchName("other")!
        try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(other)
        try ResetStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(other)
        #expect(runs.count == 1)
        try DeleteStopwatchesUseCase(store: store, timeSource: clock).execute([name, other])
        #expect(runs.map(\.name) == [other, name] && runs[1].elapsed == .seconds(3), "the reset one kept nothing more")
    }

    @Test func aCyclesRunKeepsHowManyPhasesEnded() throws {
        let plan = PhaseSequence(phases: [Phase("work", .seconds(60)), Phase("rest", .seconds(30))], rounds: 2)
        try StartCycleUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name, sequence: plan, replacing: false)
        clock.advance(by: .seconds(100))
        try StartCycleUseCase(store: store, stateStore: stateStore, timeSource: clock).execute(name, sequence: plan, replacing: true)
        let run = try #require(runs.first)
        #expect(run.plan == .sequence(plan) && run.phasesEnded == 2 && run.elapsed == .seconds(100))
    }
}
