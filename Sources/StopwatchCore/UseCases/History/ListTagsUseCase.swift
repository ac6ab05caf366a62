/// Every tag in use, sorted, each once: those of the runs history keeps and of the runs in
/// progress (`list --tags`, which shell completion offers after `--tag`). Publishes nothing.
public struct ListTagsUseCase: Sendable {
    private let store: any StopwatchStore
    private let history: any HistoryStore

    /// Works through these ports: nothing is read or written until it runs.
    public init(store: any StopwatchStore, history: any HistoryStore) {
        self.store = store
        self.history = history
    }

    /// Reads what the type's summary says; it writes nothing.
    public func execute() throws -> [String] {
        var tags = Set(try store.loadAll().stopwatches.flatMap(\.tags))
        // Each run's tags asked of the snapshot one at a time: never an array of every run.
        let snapshot = try history.read().snapshot()
        for index in snapshot.indices where !snapshot.isRemoved(at: index) {
            tags.formUnion(snapshot.run(at: index).tags)
        }
        return tags.sorted()
    }
}
