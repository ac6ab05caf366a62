import StopwatchCore
import Synchronization

/// Connects a view to the list of every stored stopwatch.
public final class StopwatchListViewModel: Sendable {
    private let stateStore: StateStore<StopwatchListing>
    private let listStopwatches: ListStopwatchesUseCase
    private let timeSource: any TimeSource
    private let mapper: StopwatchUIMapper
    private let published = ViewStatePublisher<StopwatchListViewState>()
    private let subscription = Mutex<ListenerToken?>(nil)

    public init(
        stateStore: StateStore<StopwatchListing>,
        listStopwatches: ListStopwatchesUseCase,
        timeSource: any TimeSource,
        mapper: StopwatchUIMapper
    ) {
        self.stateStore = stateStore
        self.listStopwatches = listStopwatches
        self.timeSource = timeSource
        self.mapper = mapper
        let token = stateStore.addListener { [weak self] listing in self?.publish(listing) }
        subscription.withLock { $0 = token }
    }

    deinit {
        if let token = subscription.withLock({ $0 }) { stateStore.removeListener(token) }
    }

    public var viewState: StopwatchListViewState? { published.current }

    /// Loads every stopwatch and publishes the ones that could be read; then, if any could not,
    /// throws `StopwatchListFailures` with their errors.
    public func load() throws {
        let listing = try listStopwatches.execute()
        if !listing.failures.isEmpty { throw StopwatchListFailures(errors: listing.failures) }
    }

    @discardableResult
    public func addListener(_ listener: @escaping @Sendable (StopwatchListViewState) -> Void) -> ListenerToken {
        published.addListener(listener)
    }

    private func publish(_ listing: StopwatchListing) {
        published.publish(mapper.viewState(listing, at: timeSource.now()))
    }
}

/// The stopwatches a listing could not read, after the others were shown.
public struct StopwatchListFailures: Error {
    public var errors: [any Error]

    public init(errors: [any Error]) {
        self.errors = errors
    }
}
