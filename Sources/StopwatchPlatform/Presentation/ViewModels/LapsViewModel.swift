import StopwatchCore
import Synchronization

/// Connects a view to one stopwatch's lap history.
public final class LapsViewModel: Sendable {
    public let name: StopwatchName
    private let stateStore: StateStore<LapHistory>
    private let loadLaps: LoadLapsUseCase
    private let mapper: StopwatchUIMapper
    private let published = ViewStatePublisher<LapsViewState>(==)
    private let subscription = Mutex<ListenerToken?>(nil)

    public init(
        name: StopwatchName,
        stateStore: StateStore<LapHistory>,
        loadLaps: LoadLapsUseCase,
        mapper: StopwatchUIMapper
    ) {
        self.name = name
        self.stateStore = stateStore
        self.loadLaps = loadLaps
        self.mapper = mapper
        let token = stateStore.addListener { [weak self] history in self?.publish(history) }
        subscription.withLock { $0 = token }
    }

    deinit {
        if let token = subscription.withLock({ $0 }) { stateStore.removeListener(token) }
    }

    public var viewState: LapsViewState? { published.current }

    /// Loads the laps of the stopwatch, or of the `run`th run back in history; of the one
    /// `machine` keeps (or recorded), when given.
    public func load(run: Int? = nil, on machine: String? = nil) throws {
        if let run {
            try loadLaps.execute(name, on: machine, run: run)
        } else {
            try loadLaps.execute(name, on: machine)
        }
    }

    @discardableResult
    public func addListener(_ listener: @escaping @Sendable (LapsViewState) -> Void) -> ListenerToken {
        published.addListener(listener)
    }

    private func publish(_ history: LapHistory) {
        published.publish(mapper.viewState(history))
    }
}
