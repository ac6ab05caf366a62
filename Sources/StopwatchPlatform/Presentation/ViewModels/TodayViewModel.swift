import StopwatchCore
import Synchronization

/// Connects a view to how today and this week stand against their goals.
public final class TodayViewModel: Sendable {
    private let stateStore: StateStore<TodaySummary>
    private let readProgress: ReadProgressUseCase
    private let mapper: StopwatchUIMapper
    private let published = ViewStatePublisher<TodayViewState>(==)
    private let subscription = Mutex<ListenerToken?>(nil)

    public init(stateStore: StateStore<TodaySummary>, readProgress: ReadProgressUseCase, mapper: StopwatchUIMapper) {
        self.stateStore = stateStore
        self.readProgress = readProgress
        self.mapper = mapper
        let token = stateStore.addListener { [weak self] summary in self?.published.publish(mapper.viewState(summary)) }
        subscription.withLock { $0 = token }
    }

    deinit {
        if let token = subscription.withLock({ $0 }) { stateStore.removeListener(token) }
    }

    public var viewState: TodayViewState? { published.current }

    /// Reads today's and this week's totals and goals.
    public func load() throws {
        try readProgress.execute()
    }

    @discardableResult
    public func addListener(_ listener: @escaping @Sendable (TodayViewState) -> Void) -> ListenerToken {
        published.addListener(listener)
    }
}
