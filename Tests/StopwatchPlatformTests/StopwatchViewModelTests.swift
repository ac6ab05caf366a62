import StopwatchCore
import StopwatchPlatform
import StopwatchTestSupport
import Testing

@Suite struct StopwatchViewModelTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let name = StopwatchName("tea")!
    let published = Recorder<StopwatchViewState>()

    func makeViewModel(_ other: StopwatchName? = nil) -> StopwatchViewModel {
        let container = DependencyContainer(
            store: store, history: store.history, timeSource: clock, output: RecordingOutput(),
            messages: RecordingOutput())
        let viewModel = ViewModelFactory(container: container).makeStopwatchViewModel(other ?? name)
        if other == nil { viewModel.addListener(published.record) }
        return viewModel
    }

    @Test func actionsGoThroughTheUseCasesAndComeBackAsViewStates() throws {
        let viewModel = makeViewModel()
        try viewModel.handle(.start)
        clock.advance(by: .milliseconds(1_999))
        try viewModel.handle(.lap(label: "steep"))
        clock.advance(by: .milliseconds(500))
        try viewModel.handle(.pause)

        #expect(published.values.map(\.status) == [.running, .running, .paused])
        #expect(published.values.map(\.elapsed.clock) == ["00:00.00", "00:01.99", "00:02.49"])
        let lap = try #require(published.values[1].latestLap)
        #expect(lap.number == 1 && lap.duration.milliseconds == 1_999 && lap.label == "steep")
        #expect(try store.load(name)?.status == .paused)
    }

    /// The one reading of what a run passed (the Core's `events(since:at:)`), carried by the view
    /// state that first shows it: the live line's bell, its piped line and `watch --notify`.
    @Test func aViewStateCarriesTheEventsPassedSinceTheOneBefore() throws {
        let viewModel = makeViewModel()
        try viewModel.handle(.startCountdown(.duration(.seconds(1)), replacing: false))
        clock.advance(by: .milliseconds(990))
        viewModel.refresh()
        #expect(published.values.allSatisfy { $0.events.isEmpty })
        clock.advance(by: .milliseconds(10))
        viewModel.refresh()
        #expect(published.values.last?.events == [.zero(name: name, duration: .seconds(1))])
        clock.advance(by: .milliseconds(10))
        viewModel.refresh()
        #expect(published.values.last?.events == [], "told once")
        #expect(viewModel.eventsPassed() == [.zero(name: name, duration: .seconds(1))], "what `wait` asks")
        let late = makeViewModel(StopwatchName("tea")!)
        let shown = Recorder<StopwatchViewState>()
        late.addListener(shown.record)
        try late.handle(.view)
        #expect(shown.values.map(\.events) == [[]], "already at zero when first shown: it never reached it here")
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

    @Test func aChangeIsShownAtTheMomentItWasMadeHoweverSlowTheCommit() throws {
        let slow = ManualTimeSource(stepPerRead: .milliseconds(50))
        let container = DependencyContainer(
            store: store, history: store.history, timeSource: slow, output: RecordingOutput(),
            messages: RecordingOutput())
        let factory = ViewModelFactory(container: container)
        let stopwatch = factory.makeStopwatchViewModel(StopwatchName("slow")!)
        try stopwatch.handle(.start)
        #expect(stopwatch.viewState?.elapsed.clock == "00:00.00")
        let countdown = factory.makeStopwatchViewModel(StopwatchName("slow-countdown")!)
        try countdown.handle(.startCountdown(.duration(.seconds(1500)), replacing: false))
        #expect(countdown.viewState?.countdown?.remaining.clock == "25:00.00")
        #expect(countdown.viewState?.countdown?.remaining.milliseconds == 1_500_000)
        let lap = try #require(
            try {
                try stopwatch.handle(.lap(label: nil))
                return stopwatch.viewState
            }())
        #expect(lap.elapsed == lap.latestLap?.total, "lap --json shows the elapsed time the lap was split at")
        countdown.refresh()
        #expect(countdown.viewState?.countdown?.remaining.clock != "25:00.00", "a refresh reads the clock again")
    }

    @Test func theLiveViewShowsANameNeverCreatedAsInitial() throws {
        let viewModel = makeViewModel()
        try viewModel.handle(.view)
        #expect(published.values.map(\.status) == [.initial])
        #expect(store.commitCount == 0)
    }

    @Test func loadRefusesANameNeverCreated() throws {
        let viewModel = makeViewModel()
        #expect(throws: StopwatchError.noSuchStopwatch(name)) { try viewModel.handle(.load) }
        #expect(published.values.isEmpty)
    }

    @Test func restartAndARecordedRunGoThroughTheirUseCases() throws {
        let viewModel = makeViewModel()
        try viewModel.handle(.restart)
        clock.advance(by: .seconds(30))
        try viewModel.handle(.recordRun(label: "make", duration: .seconds(4)))
        #expect(published.values.last?.latestLap?.duration.clock == "00:04.00")
        #expect(published.values.last?.latestLap?.total.clock == "00:30.00")
    }

    @Test func startCountdownCreatesOneAndRefusesAnExistingNameUnlessReplacing() throws {
        let viewModel = makeViewModel()
        try viewModel.handle(.startCountdown(.duration(.seconds(60)), replacing: false))
        #expect(published.values.last?.countdown?.remaining.milliseconds == 60_000)
        #expect(throws: StopwatchError.self) {
            try viewModel.handle(.startCountdown(.duration(.seconds(5)), replacing: false))
        }
        try viewModel.handle(.startCountdown(.duration(.seconds(5)), replacing: true))
        #expect(published.values.last?.countdown?.duration.milliseconds == 5_000)
    }

    @Test func loadCountdownRefusesANameThatDoesNotExistAndAStopwatch() throws {
        let viewModel = makeViewModel()
        #expect(throws: StopwatchError.noSuchStopwatch(name)) { try viewModel.handle(.loadCountdown) }
        try viewModel.handle(.startCountdown(.duration(.seconds(60)), replacing: false))
        try viewModel.handle(.loadCountdown)
        #expect(published.values.map(\.status) == [.running])
        try viewModel.handle(.reset)
        try makeViewModel(StopwatchName("watch")!).handle(.start)
        #expect(throws: StopwatchError.self) { try makeViewModel(StopwatchName("watch")!).handle(.loadCountdown) }
    }
}

@Suite struct LapsAndListViewModelTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()

    var factory: ViewModelFactory {
        ViewModelFactory(
            container: DependencyContainer(
                store: store, history: store.history, timeSource: clock, output: RecordingOutput(),
                messages: RecordingOutput()))
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
        try list.handle(.load)
        #expect(list.viewState?.stopwatches.map(\.name) == ["a", "b"])
        #expect(list.viewState?.stopwatches.map(\.elapsed.clock) == ["00:02.00", "00:02.00"])
    }

    @Test func theActiveListLeavesOutWhatIsNeitherRunningNorPausedAndCountsIt() throws {
        for name in ["a", "b", "c"] { try factory.makeStopwatchViewModel(StopwatchName(name)!).handle(.start) }
        try factory.makeStopwatchViewModel(StopwatchName("b")!).handle(.pause)
        try factory.makeStopwatchViewModel(StopwatchName("c")!).handle(.reset)
        let list = factory.makeStopwatchListViewModel()
        try list.handle(.loadActive)
        #expect(list.viewState?.stopwatches.map(\.name) == ["a", "b"])
        #expect(list.viewState?.omittedCount == 1)
    }

    @Test func deletingExpiredCountdownsLeavesTheRest() throws {
        try factory.makeStopwatchViewModel(StopwatchName("short")!).handle(
            .startCountdown(.duration(.seconds(1)), replacing: false))
        try factory.makeStopwatchViewModel(StopwatchName("long")!).handle(
            .startCountdown(.duration(.seconds(60)), replacing: false))
        try factory.makeStopwatchViewModel(StopwatchName("watch")!).handle(.start)
        clock.advance(by: .seconds(2))
        try factory.makeStopwatchListViewModel().handle(.deleteExpired)
        #expect(try store.names().map(\.rawValue) == ["long", "watch"])
        try factory.makeStopwatchListViewModel().handle(.delete([StopwatchName("long")!, StopwatchName("watch")!]))
        #expect(try store.names().isEmpty)
    }
}

@Suite struct TickingStopwatchViewModelTests {
    let clock = ManualTimeSource()
    let published = Recorder<StopwatchViewState>()

    func makeLive() -> (viewModel: StopwatchViewModel, timer: TimerService) {
        let store = InMemoryStopwatchStore()
        let container = DependencyContainer(
            store: store, history: store.history, timeSource: clock, output: RecordingOutput(),
            messages: RecordingOutput()
        )
        let live = ViewModelFactory(container: container).makeLiveStopwatchViewModel(.default, scheduler: clock)
        live.viewModel.addListener(published.record)
        return live
    }

    @Test func ticksOnlyWhileRunningAndEachTickReadsTheClock() throws {
        let live = makeLive()
        try live.viewModel.handle(.view)
        #expect(clock.scheduledCount == 0, "an initial stopwatch does not tick")
        try live.viewModel.handle(.toggle)
        #expect(live.timer.isRunning && clock.nextDeadline == .zero)

        clock.advance(by: .zero)
        #expect(published.values.count == 2, "a tick without time passing publishes nothing")
        #expect(clock.nextDeadline == .milliseconds(10), "every 10 ms")
        clock.advance(by: .milliseconds(1_234))
        #expect(published.values.last?.elapsed.clock == "00:01.23", "the time comes from the clock, not from the ticks")

        try live.viewModel.handle(.toggle)
        #expect(clock.scheduledCount == 0, "a paused stopwatch does not tick")
        #expect(published.values.map(\.status) == [.initial, .running, .running, .paused])
        withExtendedLifetime(live.timer) {}
    }
}
