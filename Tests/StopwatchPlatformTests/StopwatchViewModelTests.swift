import StopwatchCore
import StopwatchPlatform
import StopwatchTestSupport
import Testing

@Suite struct StopwatchViewModelTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let name = StopwatchName("tea")!
    let published = Recorder<StopwatchViewState>()

    func makeViewModel() -> StopwatchViewModel {
        let container = DependencyContainer(store: store, timeSource: clock, output: RecordingOutput(), messages: RecordingOutput())
        let viewModel = ViewModelFactory(container: container).makeStopwatchViewModel(name)
        viewModel.addListener(published.record)
        return viewModel
    }

    @Test func actionsGoThroughTheUseCasesAndComeBackAsViewStates() throws {
        let viewModel = makeViewModel()
        try viewModel.handle(.start)
        clock.advance(by: .milliseconds(1_999))
        try viewModel.handle(.lap(label: "steep"))
        clock.advance(by: .milliseconds(500))
        try viewModel.handle(.pause)

        #expect(published.values.map(\.status) == ["running", "running", "paused"])
        #expect(published.values.map(\.elapsed.clock) == ["00:00.00", "00:01.99", "00:02.49"])
        let lap = try #require(published.values[1].latestLap)
        #expect(lap.number == 1 && lap.duration.milliseconds == 1_999 && lap.label == "steep")
        #expect(try store.load(name)?.status == .paused)
    }

    @Test func refreshPublishesOnlyAChangedViewState() throws {
        let viewModel = makeViewModel()
        try viewModel.handle(.start)
        viewModel.refresh()
        #expect(published.values.count == 1, "the same view state is never published twice")
        clock.advance(by: .milliseconds(10))
        viewModel.refresh()
        #expect(published.values.map(\.elapsed.clock) == ["00:00.00", "00:00.01"])
        try viewModel.handle(.pause)
        clock.advance(by: .seconds(5))
        viewModel.refresh()
        #expect(published.values.count == 3, "a paused stopwatch does not change")
    }

    @Test func aRefusedActionPublishesNothing() throws {
        let viewModel = makeViewModel()
        #expect(throws: StopwatchError.self) { try viewModel.handle(.pause) }
        #expect(published.values.isEmpty)
        #expect(viewModel.viewState == nil)
    }

    @Test func loadShowsANameNeverCreatedAsInitial() throws {
        let viewModel = makeViewModel()
        try viewModel.handle(.load)
        #expect(published.values.map(\.status) == ["initial"])
        #expect(store.commitCount == 0)
    }

    @Test func deleteShowsTheStopwatchAsInitialAgain() throws {
        let viewModel = makeViewModel()
        try viewModel.handle(.start)
        try viewModel.handle(.delete)
        #expect(published.values.last?.status == "initial")
        #expect(try store.load(name) == nil)
    }

    @Test func startCountdownCreatesOneAndRefusesAnExistingNameUnlessReplacing() throws {
        let viewModel = makeViewModel()
        try viewModel.handle(.startCountdown(.duration(.seconds(60)), replacing: false))
        #expect(published.values.last?.countdown?.remaining.milliseconds == 60_000)
        #expect(throws: StopwatchError.alreadyExists(name)) { try viewModel.handle(.startCountdown(.duration(.seconds(5)), replacing: false)) }
        try viewModel.handle(.startCountdown(.duration(.seconds(5)), replacing: true))
        #expect(published.values.last?.countdown?.duration.milliseconds == 5_000)
    }

    @Test func reloadRefusesANameThatDoesNotExist() throws {
        let viewModel = makeViewModel()
        #expect(throws: StopwatchError.noSuchStopwatch(name)) { try viewModel.handle(.reload) }
        try viewModel.handle(.startCountdown(.duration(.seconds(60)), replacing: false))
        try viewModel.handle(.reload)
        #expect(published.values.map(\.status) == ["running"])
    }
}

@Suite struct LapsAndListViewModelTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()

    var factory: ViewModelFactory {
        ViewModelFactory(container: DependencyContainer(store: store, timeSource: clock, output: RecordingOutput(), messages: RecordingOutput()))
    }

    @Test func lapsArePublishedWithBestWorstAndStatistics() throws {
        let stopwatch = factory.makeStopwatchViewModel(.default)
        try stopwatch.handle(.start)
        for millis in [300, 100, 300] as [Int64] {
            clock.advance(by: .milliseconds(millis))
            try stopwatch.handle(.lap(label: nil))
        }
        let laps = factory.makeLapsViewModel(.default)
        try laps.load()
        let viewState = try #require(laps.viewState)
        #expect(viewState.laps.map(\.isBest) == [false, true, false])
        #expect(viewState.laps.map(\.isWorst) == [true, false, true])
        #expect(viewState.statistics?.count == 3)
        #expect(viewState.statistics?.median.milliseconds == 300)
        #expect(viewState.statistics?.mean.clock == "00:00.23")
    }

    @Test func theListShowsEveryStopwatchAtTheCurrentTime() throws {
        for name in ["b", "a"] { try factory.makeStopwatchViewModel(StopwatchName(name)!).handle(.start) }
        clock.advance(by: .seconds(2))
        let list = factory.makeStopwatchListViewModel()
        try list.load()
        #expect(list.viewState?.stopwatches.map(\.name) == ["a", "b"])
        #expect(list.viewState?.stopwatches.map(\.elapsed.clock) == ["00:02.00", "00:02.00"])
    }
}

@Suite struct LiveStopwatchViewModelTests {
    let clock = ManualTimeSource()
    let ticker = ManualTicker()
    let published = Recorder<StopwatchViewState>()

    func makeLive() -> (viewModel: StopwatchViewModel, timer: TimerService) {
        let ticker = self.ticker
        let container = DependencyContainer(
            store: InMemoryStopwatchStore(), timeSource: clock, output: RecordingOutput(), messages: RecordingOutput(),
            makeTicker: { _ in ticker }
        )
        let live = ViewModelFactory(container: container).makeLiveStopwatchViewModel(.default, tickingOn: .main)
        live.viewModel.addListener(published.record)
        return live
    }

    @Test func ticksOnlyWhileRunningAndEachTickReadsTheClock() throws {
        let live = makeLive()
        try live.viewModel.handle(.load)
        #expect(!ticker.isTicking, "an initial stopwatch does not tick")
        try live.viewModel.handle(.toggle)
        #expect(ticker.isTicking && ticker.interval == .milliseconds(10))

        ticker.tick(5)
        #expect(published.values.count == 2, "ticks without time passing publish nothing")
        clock.advance(by: .milliseconds(1_234))
        ticker.tick()
        #expect(published.values.last?.elapsed.clock == "00:01.23", "the time comes from the clock, not from the ticks")

        try live.viewModel.handle(.toggle)
        #expect(!ticker.isTicking, "a paused stopwatch does not tick")
        #expect(published.values.map(\.status) == ["initial", "running", "running", "paused"])
        withExtendedLifetime(live.timer) {}
    }
}
