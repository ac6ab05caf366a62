/// The runs history holds and the runs in progress, newest first, those of `names` (all when
/// empty) that overlap `since..<until`: `history`. Published to the StateStore as one `RunHistory`.
public struct ListRunsUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<RunHistory>
    private let timeSource: any TimeSource
    private let timeZone: any LocalTimeZone

    public init(store: any StopwatchStore, stateStore: StateStore<RunHistory>, timeSource: any TimeSource, timeZone: any LocalTimeZone) {
        self.store = store
        self.stateStore = stateStore
        self.timeSource = timeSource
        self.timeZone = timeZone
    }

    @discardableResult
    public func execute(names: [StopwatchName] = [], since: Duration? = nil, until: Duration? = nil) throws -> RunHistory {
        var history = try RunGathering(store: store, timeZone: timeZone).runs(at: timeSource.now())
        history.runs = history.runs.filter { run in
            (names.isEmpty || names.contains(run.name)) && since.map { run.endedAt > $0 } ?? true && until.map { run.startedAt < $0 } ?? true
        }
        // Newest first; a run in progress before those that ended at the same start.
        history.runs.sort { ($0.startedAt, $0.current != nil ? 1 : 0) > ($1.startedAt, $1.current != nil ? 1 : 0) }
        stateStore.update(history)
        return history
    }
}
