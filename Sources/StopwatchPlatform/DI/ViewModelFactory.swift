import Dispatch
import StopwatchCore

/// Makes view models, each with its own StateStore and the use cases that publish to it.
public struct ViewModelFactory: Sendable {
    private let container: DependencyContainer

    public init(container: DependencyContainer) {
        self.container = container
    }

    /// With `judgingLaps`, each new lap is judged best or worst against the whole history, which
    /// is read for it (what the live view shows); without, the view model reads no lap file.
    public func makeStopwatchViewModel(_ name: StopwatchName, judgingLaps: Bool = false) -> StopwatchViewModel {
        makeStopwatchViewModel(name, stateStore: StateStore(StopwatchSnapshot.initial(name)), judgingLaps: judgingLaps)
    }

    private func makeStopwatchViewModel(
        _ name: StopwatchName, stateStore: StateStore<StopwatchSnapshot>, judgingLaps: Bool = false
    ) -> StopwatchViewModel {
        StopwatchViewModel(
            name: name,
            stateStore: stateStore,
            useCases: StopwatchUseCases(
                store: container.data.store,
                stateStore: stateStore,
                timeSource: container.services.timeSource,
                timeZone: container.services.timeZone,
                ids: container.services.ids,
                history: container.data.history,
                hookSinks: { [container] in container.hookSinks }
            ),
            timeSource: container.services.timeSource,
            mapper: container.presentation.mapper,
            lapJudge: judgingLaps
                ? LapJudge(
                    loadLaps: LoadLapsUseCase(
                        store: container.data.store, history: container.data.history,
                        stateStore: StateStore(LapHistory(name: name)))) : nil
        )
    }

    /// A stopwatch view model for the live view, with a `TimerService` that follows its state: it
    /// ticks on `scheduler` every 10 ms while the stopwatch runs, and each tick re-reads the
    /// clocks. Each new lap is judged best or worst against the whole history.
    public func makeLiveStopwatchViewModel(
        _ name: StopwatchName,
        scheduler: any Scheduler
    ) -> (viewModel: StopwatchViewModel, timer: TimerService) {
        let stateStore = StateStore(StopwatchSnapshot.initial(name))
        let viewModel = makeStopwatchViewModel(name, stateStore: stateStore, judgingLaps: true)
        let timer = TimerService(scheduler: scheduler)
        timer.addListener { [weak viewModel] in viewModel?.refresh() }
        timer.follow(stateStore)
        return (viewModel, timer)
    }

    /// A list view model for the live table (`watch --all`), with a `TimerService` that ticks on
    /// `scheduler` every 10 ms while any stopwatch runs and no running countdown has yet expired;
    /// each tick maps the listing again, and the tick after the last countdown's expiry stops it.
    public func makeLiveStopwatchListViewModel(scheduler: any Scheduler) -> (
        viewModel: StopwatchListViewModel, timer: TimerService
    ) {
        let stateStore = StateStore(StopwatchListing())
        let viewModel = makeStopwatchListViewModel(stateStore: stateStore)
        let timeSource = container.services.timeSource
        // Ticks are needed while some stopwatch runs short of zero ("active", running or paused,
        // is what a listing shows: another thing).
        let needsTicks: @Sendable (StopwatchListing) -> Bool = { listing in
            let now = timeSource.now()
            return listing.stopwatches.contains { $0.status == .running && !$0.isExpired(at: now) }
        }
        let timer = TimerService(scheduler: scheduler)
        timer.addListener { [weak viewModel, weak timer] in
            viewModel?.refresh()
            if !needsTicks(stateStore.state) { timer?.stop() }
        }
        timer.follow(stateStore, while: needsTicks)
        return (viewModel, timer)
    }

    public func makeLapsViewModel(_ name: StopwatchName) -> LapsViewModel {
        let stateStore = StateStore(LapHistory(name: name))
        return LapsViewModel(
            name: name,
            stateStore: stateStore,
            loadLaps: LoadLapsUseCase(
                store: container.data.store, history: container.data.history, stateStore: stateStore),
            mapper: container.presentation.mapper
        )
    }

    public func makeHistoryViewModel() -> HistoryViewModel {
        let stateStore = StateStore(RunHistory())
        let (store, history) = (container.data.store, container.data.history)
        let (timeSource, zone, ids) = (
            container.services.timeSource, container.services.timeZone, container.services.ids
        )
        return HistoryViewModel(
            stateStore: stateStore,
            useCases: HistoryViewModel.UseCases(
                listRuns: ListRunsUseCase(
                    store: store, history: history, stateStore: stateStore, timeSource: timeSource),
                trackRun: TrackRunUseCase(
                    history: history, stateStore: stateStore, timeSource: timeSource, timeZone: zone, ids: ids),
                correctRun: CorrectRunUseCase(
                    history: history, stateStore: stateStore, timeSource: timeSource, timeZone: zone, ids: ids),
                removeRuns: RemoveRunsUseCase(
                    history: history, stateStore: stateStore, timeSource: timeSource, ids: ids),
                splitRun: SplitRunUseCase(
                    history: history, stateStore: stateStore, timeSource: timeSource, timeZone: zone, ids: ids),
                joinRuns: JoinRunsUseCase(history: history, stateStore: stateStore, timeSource: timeSource, ids: ids),
                undoChange: UndoChangeUseCase(history: history, timeSource: timeSource, ids: ids),
                importRuns: ImportRunsUseCase(
                    history: history, stateStore: stateStore, timeSource: timeSource, ids: ids),
                listTags: ListTagsUseCase(store: store, history: history),
                bookAwayAs: BookAwayAsUseCase(
                    history: history, stateStore: stateStore, timeSource: timeSource, ids: ids)
            ),
            mapper: container.presentation.mapper
        )
    }

    public func makeReportViewModel() -> ReportViewModel {
        let stateStore = StateStore(RunReport())
        return ReportViewModel(
            stateStore: stateStore,
            reportRuns: ReportRunsUseCase(
                store: container.data.store, history: container.data.history, stateStore: stateStore,
                timeSource: container.services.timeSource,
                timeZone: container.services.timeZone, goals: container.data.goals
            ),
            mapper: container.presentation.mapper
        )
    }

    /// Nil when there is nowhere to keep goals (`DataContainer.goals`).
    public func makeTodayViewModel() -> TodayViewModel? {
        guard let goals = container.data.goals else { return nil }
        let stateStore = StateStore(TodaySummary.empty)
        return TodayViewModel(
            stateStore: stateStore,
            readProgress: ReadProgressUseCase(
                store: container.data.store, history: container.data.history, goals: goals, stateStore: stateStore,
                timeSource: container.services.timeSource, timeZone: container.services.timeZone
            ),
            mapper: container.presentation.mapper
        )
    }

    public func makeStopwatchListViewModel() -> StopwatchListViewModel {
        makeStopwatchListViewModel(stateStore: StateStore(StopwatchListing()))
    }

    private func makeStopwatchListViewModel(stateStore: StateStore<StopwatchListing>) -> StopwatchListViewModel {
        let (store, timeSource, ids) = (container.data.store, container.services.timeSource, container.services.ids)
        return StopwatchListViewModel(
            stateStore: stateStore,
            useCases: StopwatchListViewModel.UseCases(
                list: ListStopwatchesUseCase(store: store, stateStore: stateStore),
                names: ListStopwatchNamesUseCase(store: store, stateStore: stateStore),
                findActive: FindActiveStopwatchUseCase(store: store, stateStore: stateStore),
                delete: DeleteStopwatchesUseCase(store: store, timeSource: timeSource, ids: ids),
                deleteExpired: DeleteExpiredCountdownsUseCase(
                    store: store, stateStore: stateStore, timeSource: timeSource, ids: ids),
                deleteFiles: ForceDeleteStopwatchesUseCase(store: store),
                dismissExpired: DismissExpiredCountdownsUseCase(
                    history: container.data.history, stateStore: stateStore, timeSource: timeSource, ids: ids)
            ),
            timeSource: timeSource,
            mapper: container.presentation.mapper
        )
    }
}
