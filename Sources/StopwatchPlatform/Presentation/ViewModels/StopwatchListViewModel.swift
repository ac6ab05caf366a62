import StopwatchCore
import Synchronization

/// Connects a view to the set of stored stopwatches: the listing, and deleting from it.
public final class StopwatchListViewModel: Sendable {
    /// The use cases a list view model drives.
    public struct UseCases: Sendable {
        public var list: ListStopwatchesUseCase
        public var names: ListStopwatchNamesUseCase
        public var findActive: FindActiveStopwatchUseCase
        public var delete: DeleteStopwatchesUseCase
        public var deleteExpired: DeleteExpiredCountdownsUseCase
        public var deleteFiles: ForceDeleteStopwatchesUseCase
        public var dismissExpired: DismissExpiredCountdownsUseCase

        public init(
            list: ListStopwatchesUseCase,
            names: ListStopwatchNamesUseCase,
            findActive: FindActiveStopwatchUseCase,
            delete: DeleteStopwatchesUseCase,
            deleteExpired: DeleteExpiredCountdownsUseCase,
            deleteFiles: ForceDeleteStopwatchesUseCase,
            dismissExpired: DismissExpiredCountdownsUseCase
        ) {
            self.list = list
            self.names = names
            self.findActive = findActive
            self.delete = delete
            self.deleteExpired = deleteExpired
            self.deleteFiles = deleteFiles
            self.dismissExpired = dismissExpired
        }
    }

    private let stateStore: StateStore<StopwatchListing>
    private let useCases: UseCases
    private let timeSource: any TimeSource
    private let mapper: StopwatchUIMapper
    private let published = ViewStatePublisher<StopwatchListViewState>(==)
    private let subscription = Mutex<ListenerToken?>(nil)
    /// Which stopwatches the listing shows.
    private let filter = Mutex(StopwatchListFilter.all)
    /// The listing last mapped, the filter it was mapped with and its view state, so a refresh maps
    /// only the times (`watch --all`, every 10 ms). Every update of the store replaces it.
    private let lastMapped = Mutex<MappedListing?>(nil)
    /// How far each stopwatch had come through its events in the view state last published, and
    /// the boot-clock instant of the next event of any: a refresh before then asks nothing more.
    private let marks = Mutex(EventMarks())

    private struct EventMarks {
        var marks: [String: RunEventMark] = [:]
        var due = Duration.zero
    }

    public init(
        stateStore: StateStore<StopwatchListing>, useCases: UseCases, timeSource: any TimeSource,
        mapper: StopwatchUIMapper
    ) {
        self.stateStore = stateStore
        self.useCases = useCases
        self.timeSource = timeSource
        self.mapper = mapper
        let token = stateStore.addListener { [weak self] listing in self?.publish(listing) }
        subscription.withLock { $0 = token }
    }

    deinit {
        if let token = subscription.withLock({ $0 }) { stateStore.removeListener(token) }
    }

    public var viewState: StopwatchListViewState? { published.current }

    /// How long from now the listing last read next changes as a bar shows it: `shown` at
    /// `clock`'s step, the others by their zeros and edges alone, which can change which one is
    /// most pressing (`StopwatchState.nextEvent`).
    public func nextEvent(showing shown: String?, for clock: FollowClock) -> Duration? {
        let now = timeSource.now()
        return stateStore.state.stopwatches.compactMap { state in
            state.name.rawValue == shown
                ? state.nextEvent(at: now, step: clock.step, showsElapsed: clock.showsElapsedWhenExpired)
                : state.nextEvent(at: now)
        }.min()
    }

    /// The stopwatches of the listing last read that need a background waiter for their hook now
    /// (`StopwatchState.awaitsHook(at:)`).
    public var awaitingHooks: [StopwatchName] {
        let now = timeSource.now()
        return stateStore.state.stopwatches.filter { $0.awaitsHook(at: now) }.map(\.name)
    }

    /// The stopwatches of the listing last read that are running on this machine: those the away
    /// watcher books a locked or idle stretch on.
    /// The stopwatches (not countdowns nor cycles) of this machine running, as last loaded: what
    /// `start NAME --switch` pauses.
    public var stopwatchesRunningHere: [StopwatchName] {
        stateStore.state.stopwatches.filter { $0.status == .running && $0.runsOn == nil && $0.plan == .open }.map(
            \.name)
    }

    public var runningHere: [StopwatchName] { runsHere.map(\.name) }

    /// The runs of this machine running, as listed: each stopwatch's name and its run's id.
    public var runsHere: [(name: StopwatchName, run: EventID?)] {
        stateStore.state.stopwatches.filter { $0.status == .running && $0.runsOn == nil }.map {
            ($0.name, $0.currentRunID)
        }
    }

    /// Performs `action`. A load publishes the stopwatches that could be read; then, if any could
    /// not, it throws `StopwatchListFailures` with their errors (`.loadFirstActive`: only when it
    /// found none active). A deletion publishes nothing, except `.deleteExpired`, which publishes
    /// the names it deleted; `.dismissExpired` publishes the countdowns it dismissed.
    public func handle(_ action: StopwatchListAction) throws {
        switch action {
        case .load, .loadActive, .loadCountdowns:
            let shown: StopwatchListFilter =
                switch action {
                case .loadActive: .active
                case .loadCountdowns: .countdowns
                default: .all
                }
            filter.withLock { $0 = shown }
            let listing = try useCases.list.execute()
            if !listing.failures.isEmpty { throw StopwatchListFailures(errors: listing.failures) }
        case .loadFirstActive(let countdownsOnly):
            filter.withLock { $0 = .active }
            let listing = try useCases.findActive.execute(countdownsOnly: countdownsOnly)
            if listing.stopwatches.isEmpty, !listing.failures.isEmpty {
                throw StopwatchListFailures(errors: listing.failures)
            }
        case .loadNames: try useCases.names.execute()
        case .delete(let names, let machines): try useCases.delete.execute(names, on: machines)
        case .deleteExpired:
            filter.withLock { $0 = .all }
            try useCases.deleteExpired.execute()
        case .dismissExpired:
            filter.withLock { $0 = .all }
            let listing = try useCases.dismissExpired.execute()
            if !listing.failures.isEmpty { throw StopwatchListFailures(errors: listing.failures) }
        case .deleteFiles(let names): try useCases.deleteFiles.execute(names)
        }
    }

    /// Maps the listing again at the current time, reading no file: what a tick of the live table
    /// (`watch --all`) asks.
    public func refresh() {
        guard let last = lastMapped.withLock({ $0 }), last.filter == .all,
            last.viewState.stopwatches.count == last.listing.stopwatches.count
        else { return publish(stateStore.state) }
        let now = timeSource.now()
        var viewState = last.viewState
        for index in last.listing.stopwatches.indices {
            viewState.stopwatches[index] = mapper.viewState(
                last.viewState.stopwatches[index], refreshedFor: last.listing.stopwatches[index], at: now
            )
        }
        markEvents(in: &viewState, of: last.listing, at: now, refreshing: true)
        published.publish(viewState)
    }

    @discardableResult
    public func addListener(_ listener: @escaping @Sendable (StopwatchListViewState) -> Void) -> ListenerToken {
        published.addListener(listener)
    }

    private func publish(_ listing: StopwatchListing) {
        let filter = filter.withLock { $0 }
        let now = timeSource.now()
        let viewState = mapper.viewState(listing, at: now, showing: filter)
        lastMapped.withLock { $0 = MappedListing(listing: listing, filter: filter, viewState: viewState) }
        var published = viewState
        markEvents(in: &published, of: listing, at: now, refreshing: false)
        self.published.publish(published)
    }

    /// Gives each row of `viewState` the events its stopwatch passed since the view state last
    /// published (`StopwatchState.events(since:at:)`); a stopwatch first shown has passed none.
    /// A refresh before the next event is due reads nothing.
    private func markEvents(
        in viewState: inout StopwatchListViewState, of listing: StopwatchListing, at now: TimeReading, refreshing: Bool
    ) {
        func key(_ name: String, _ machine: String?) -> String { machine.map { name + "@" + $0 } ?? name }
        let found: [String: [HookEvent]] = marks.withLock { tracked in
            if refreshing, now.boot < tracked.due { return [:] }
            var found: [String: [HookEvent]] = [:]
            var next = EventMarks(due: .seconds(Int64.max))
            for state in listing.stopwatches {
                let name = key(state.name.rawValue, state.runsOn)
                // One not marked yet is first shown: it has passed nothing here.
                let since = tracked.marks[name] ?? state.eventMark(at: now)
                let (passed, mark) = state.events(since: since, at: now)
                next.marks[name] = mark
                if !passed.isEmpty { found[name] = passed }
                if let delay = state.nextEvent(at: now, warnings: true) { next.due = min(next.due, now.boot + delay) }
            }
            tracked = next
            return found
        }
        guard !found.isEmpty else { return }
        for index in viewState.stopwatches.indices {
            let row = viewState.stopwatches[index]
            if let passed = found[key(row.name, row.runsOn)] { viewState.stopwatches[index].events = passed }
        }
    }
}

/// A listing as mapped, kept whole by reference: a refresh reads it every 10 ms.
private final class MappedListing: Sendable {
    let listing: StopwatchListing
    let filter: StopwatchListFilter
    let viewState: StopwatchListViewState

    init(listing: StopwatchListing, filter: StopwatchListFilter, viewState: StopwatchListViewState) {
        (self.listing, self.filter, self.viewState) = (listing, filter, viewState)
    }
}

/// The stopwatches a listing could not read, after the others were shown.
public struct StopwatchListFailures: Error {
    public var errors: [any Error]

    public init(errors: [any Error]) {
        self.errors = errors
    }
}
