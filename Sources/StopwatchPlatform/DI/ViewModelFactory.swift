import StopwatchCore

/// Makes view models, each with its own StateStore and the use cases that publish to it.
public struct ViewModelFactory: Sendable {
    private let container: DependencyContainer

    public init(container: DependencyContainer) {
        self.container = container
    }

    public func makeStopwatchViewModel(_ name: StopwatchName) -> StopwatchViewModel {
        let stateStore = StateStore(StopwatchState.initial(name))
        return StopwatchViewModel(
            name: name,
            stateStore: stateStore,
            useCases: StopwatchUseCases(
                store: container.data.store,
                stateStore: stateStore,
                timeSource: container.services.timeSource
            ),
            timeSource: container.services.timeSource,
            mapper: container.presentation.mapper
        )
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
        let stateStore = StateStore(StopwatchListing())
        return StopwatchListViewModel(
            stateStore: stateStore,
            listStopwatches: ListStopwatchesUseCase(store: container.data.store, stateStore: stateStore),
            timeSource: container.services.timeSource,
            mapper: container.presentation.mapper
        )
    }
}
