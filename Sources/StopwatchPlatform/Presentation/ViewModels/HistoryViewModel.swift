import StopwatchCore
import Synchronization

/// Connects a view to history: the runs that ended and those in progress.
public final class HistoryViewModel: Sendable {
    private let stateStore: StateStore<RunHistory>
    private let listRuns: ListRunsUseCase
    private let trackRun: TrackRunUseCase
    private let mapper: StopwatchUIMapper
    private let published = ViewStatePublisher<HistoryViewState>(==)
    private let subscription = Mutex<ListenerToken?>(nil)

    public init(stateStore: StateStore<RunHistory>, listRuns: ListRunsUseCase, trackRun: TrackRunUseCase, mapper: StopwatchUIMapper) {
        self.stateStore = stateStore
        self.listRuns = listRuns
        self.trackRun = trackRun
        self.mapper = mapper
        let token = stateStore.addListener { [weak self] history in self?.publish(history) }
        subscription.withLock { $0 = token }
    }

    deinit {
        if let token = subscription.withLock({ $0 }) { stateStore.removeListener(token) }
    }

    public var viewState: HistoryViewState? { published.current }

    /// Loads the runs of `names` (all when empty) that overlap `since..<until`.
    public func load(names: [StopwatchName], since: Duration?, until: Duration?) throws {
        try listRuns.execute(names: names, since: since, until: until)
    }

    /// Keeps a block of time told after the fact, from `from` to `to`, as a run of `name`.
    public func track(_ name: StopwatchName, from: TimeOfDay, to: TimeOfDay, tags: [String] = []) throws {
        try trackRun.execute(name, from: from, to: to, tags: tags)
    }

    @discardableResult
    public func addListener(_ listener: @escaping @Sendable (HistoryViewState) -> Void) -> ListenerToken {
        published.addListener(listener)
    }

    private func publish(_ history: RunHistory) {
        published.publish(mapper.viewState(history))
    }
}
