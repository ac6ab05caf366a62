import StopwatchCore
import StopwatchTestSupport
import Testing

@Suite struct LapTests {
    let name = StopwatchName("run")!
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let stateStore = StateStore(StopwatchSnapshot.initial(StopwatchName("run")!))

    var lap: RecordLapUseCase {
        RecordLapUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
    }

    @Test func lapTimesAreTheTimeSinceThePreviousSplit() throws {
        try StartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        clock.advance(by: .seconds(10))
        let first = try lap.execute(name, label: "warm-up")
        clock.advance(by: .seconds(4))
        try PauseStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        clock.advance(by: .seconds(100))
        try ResumeStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        clock.advance(by: .seconds(3))
        let second = try lap.execute(name)

        #expect(first.number == 1 && first.duration == .seconds(10) && first.total == .seconds(10))
        #expect(first.label == "warm-up")
        #expect(second.number == 2 && second.duration == .seconds(7) && second.total == .seconds(17))
        #expect(second.recordedAt == clock.now().wall)
        #expect(try store.laps(of: name) == [first, second])
        #expect(stateStore.state.state.lapCount == 2)
        #expect(stateStore.state.state.latestLap == second)
    }

    @Test func lapsStartAgainFromOneAfterAReset() throws {
        try StartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        clock.advance(by: .seconds(1))
        try lap.execute(name)
        try ResetStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        try StartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        clock.advance(by: .seconds(2))
        let again = try lap.execute(name)
        #expect(again.number == 1 && again.duration == .seconds(2))
        #expect(try store.laps(of: name) == [again])
    }

    @Test func loadingLapsPublishesTheHistory() throws {
        try StartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        clock.advance(by: .seconds(1))
        let recorded = try lap.execute(name)
        let histories = StateStore(LapHistory(name: name))
        try LoadLapsUseCase(store: store, history: store.history, stateStore: histories).execute(name)
        #expect(histories.state == LapHistory(name: name, laps: [recorded]))
    }
}

@Suite struct LapStatisticsTests {
    func laps(_ milliseconds: [Int64]) -> [Lap] {
        var total = Duration.zero
        return milliseconds.enumerated().map { index, millis in
            total += .milliseconds(millis)
            return Lap(number: index + 1, duration: .milliseconds(millis), total: total, label: nil, recordedAt: .zero)
        }
    }

    @Test func noLapsHaveNoStatistics() {
        #expect(LapStatistics([]) == nil)
    }

    @Test func oneLapIsNeitherBestNorWorst() throws {
        let statistics = try #require(LapStatistics(laps([1_500])))
        #expect(statistics.count == 1)
        #expect(statistics.minimum == .milliseconds(1_500) && statistics.maximum == .milliseconds(1_500))
        #expect(statistics.mean == .milliseconds(1_500) && statistics.median == .milliseconds(1_500))
        #expect(statistics.bestLapNumbers.isEmpty && statistics.worstLapNumbers.isEmpty)
    }

    @Test func oddCountMedianIsTheMiddleLap() throws {
        let statistics = try #require(LapStatistics(laps([300, 100, 200])))
        #expect(statistics.median == .milliseconds(200))
        #expect(statistics.mean == .milliseconds(200))
        #expect(statistics.bestLapNumbers == [2] && statistics.worstLapNumbers == [1])
    }

    @Test func evenCountMedianIsTheMeanOfTheMiddleTwo() throws {
        let statistics = try #require(LapStatistics(laps([400, 100, 200, 301])))
        #expect(statistics.median == .microseconds(250_500))
        #expect(statistics.mean == .microseconds(250_250))
        #expect(statistics.minimum == .milliseconds(100) && statistics.maximum == .milliseconds(400))
    }

    @Test func everyTiedLapIsMarked() throws {
        let statistics = try #require(LapStatistics(laps([100, 300, 100, 300, 200])))
        #expect(statistics.bestLapNumbers == [1, 3])
        #expect(statistics.worstLapNumbers == [2, 4])
    }

    @Test func lapsThatAllReadTheSameAreNeitherBestNorWorst() throws {
        let statistics = try #require(LapStatistics(laps([100, 100])))
        #expect(statistics.bestLapNumbers.isEmpty && statistics.worstLapNumbers.isEmpty)
        let close = try #require(LapStatistics(laps([1_234, 1_239]), resolution: .milliseconds(10)))
        #expect(close.bestLapNumbers.isEmpty && close.worstLapNumbers.isEmpty, "both read 00:01.23")
    }

    @Test func lapsEqualAsShownAreMarkedAlike() throws {
        let statistics = try #require(LapStatistics(laps([1_234, 1_239, 2_000, 2_009]), resolution: .milliseconds(10)))
        #expect(statistics.bestLapNumbers == [1, 2])
        #expect(statistics.worstLapNumbers == [3, 4])
        let exact = try #require(LapStatistics(laps([1_234, 1_239, 2_000])))
        #expect(exact.bestLapNumbers == [1], "with no resolution, to the attosecond")
    }
}
