/// The runs history holds and the runs in progress, newest first, those of `names` (all when
/// empty) with every one of `tags` that overlap `since..<until`: `history`. Published to the StateStore as one `RunHistory`.
/// A name that no stopwatch and no run has is `StopwatchError.unknownName`.
public struct ListRunsUseCase: Sendable {
    private let store: any StopwatchStore
    private let history: any HistoryStore
    private let stateStore: StateStore<RunHistory>
    private let timeSource: any TimeSource

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        store: any StopwatchStore, history: any HistoryStore, stateStore: StateStore<RunHistory>,
        timeSource: any TimeSource
    ) {
        self.store = store
        self.history = history
        self.stateStore = stateStore
        self.timeSource = timeSource
    }

    /// Reads what the type's summary says; it writes nothing.
    @discardableResult
    public func execute(
        names: [StopwatchName] = [], tags: [String] = [], since: Duration? = nil, until: Duration? = nil
    ) throws
        -> RunHistory
    {
        var (history, stopwatches) = try RunGathering(store: store, history: history).runs(at: timeSource.now())
        try RunGathering.check(names, in: history, stopwatches: stopwatches)
        history.kept = history.runs.count
        history.runs = history.runs.filter { run in
            (names.isEmpty || names.contains(run.name)) && run.hasTags(tags)
                && since.map { run.endedAt > $0 || run.startedAt >= $0 } ?? true
                && until.map { run.startedAt < $0 } ?? true
        }
        // Newest first; a run in progress before those that ended at the same start.
        history.runs.sort { ($0.startedAt, $0.current != nil ? 1 : 0) > ($1.startedAt, $1.current != nil ? 1 : 0) }
        stateStore.update(history)
        return history
    }
}
