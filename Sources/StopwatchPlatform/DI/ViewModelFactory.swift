import Dispatch
import StopwatchCore

/// Makes view models, each with its own StateStore and the use cases that publish to it.
public struct ViewModelFactory: Sendable {
    private let container: DependencyContainer

    public init(container: DependencyContainer) {
        self.container = container
    }

    public func makeStopwatchViewModel(_ name: StopwatchName) -> StopwatchViewModel {
        makeStopwatchViewModel(name, stateStore: StateStore(StopwatchSnapshot.initial(name)))
    }

    private func makeStopwatchViewModel(_ name: StopwatchName, stateStore: StateStore<StopwatchSnapshot>) -> StopwatchViewModel {
        StopwatchViewModel(
            name: name,
            stateStore: stateStore,
            useCases: StopwatchUseCases(
                store: container.data.store,
                stateStore: stateStore,
                timeSource: container.services.timeSource,
                timeZone: container.services.timeZone
            ),
            timeSource: container.services.timeSource,
            mapper: container.presentation.mapper
        )
    }

    /// A stopwatch view model for the live view, with a `TimerService` that follows its state: it
    /// ticks on `queue` every 10 ms while the stopwatch runs (on the container's ticker), and each
    /// tick re-reads the clocks.
    public func makeLiveStopwatchViewModel(
        _ name: StopwatchName,
        tickingOn queue: DispatchQueue
    ) -> (viewModel: StopwatchViewModel, timer: TimerService) {
        let stateStore = StateStore(StopwatchSnapshot.initial(name))
        let viewModel = makeStopwatchViewModel(name, stateStore: stateStore)
        let timer = TimerService(ticker: container.services.makeTicker(queue))
        timer.addListener { [weak viewModel] in viewModel?.refresh() }
        timer.follow(stateStore)
        return (viewModel, timer)
    }

    public func makeLapsViewModel(_ name: StopwatchName) -> LapsViewModel {
        let stateStore = StateStore(LapHistory(name: name))
        return LapsViewModel(
            name: name,
            stateStore: stateStore,
            loadLaps: LoadLapsUseCase(store: container.data.store, stateStore: stateStore),
            mapper: container.presentation.mapper
        )
    }

    public func makeStopwatchListViewModel() -> StopwatchListViewModel {
        let (store, timeSource) = (container.data.store, container.services.timeSource)
        let stateStore = StateStore(StopwatchListing())
        return StopwatchListViewModel(
            stateStore: stateStore,
            useCases: StopwatchListViewModel.UseCases(
                list: ListStopwatchesUseCase(store: store, stateStore: stateStore),
                names: ListStopwatchNamesUseCase(store: store, stateStore: stateStore),
                delete: DeleteStopwatchesUseCase(store: store),
                deleteExpired: DeleteExpiredCountdownsUseCase(store: store, timeSource: timeSource),
                deleteFiles: ForceDeleteStopwatchesUseCase(store: store)
            ),
            timeSource: timeSource,
            mapper: container.presentation.mapper
        )
    }
}
