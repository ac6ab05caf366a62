/// History's runs by position, each field read on its own: what a `HistorySnapshot` is made of,
/// so that a correction finds its run among a hundred thousand without making each a
/// `RunRecord`.
///
/// Two kinds: runs in memory (`MemoryRunTable`), and a store's snapshot file read where it lies
/// (the Platform's `HistorySnapshotFile.Table`).
public protocol RunTable: Sendable {
    var count: Int { get }
    func id(at index: Int) -> EventID
    func name(at index: Int) -> StopwatchName
    func startedAt(at index: Int) -> Duration
    func endedAt(at index: Int) -> Duration
    /// Whether the run was taken out (its place kept, for when a change puts it back).
    func isRemoved(at index: Int) -> Bool
    /// The whole run.
    func run(at index: Int) -> RunRecord
}

/// Runs in memory, as a log's changes left them.
public struct MemoryRunTable: RunTable, Hashable {
    public var runs: [RunRecord]
    public var removed: [Bool]

    public init(runs: [RunRecord] = [], removed: [Bool]? = nil) {
        precondition(removed == nil || removed?.count == runs.count, "a flag a run")
        self.runs = runs
        self.removed = removed ?? [Bool](repeating: false, count: runs.count)
    }

    public var count: Int { runs.count }
    public func id(at index: Int) -> EventID { runs[index].id }
    public func name(at index: Int) -> StopwatchName { runs[index].name }
    public func startedAt(at index: Int) -> Duration { runs[index].startedAt }
    public func endedAt(at index: Int) -> Duration { runs[index].endedAt }
    public func isRemoved(at index: Int) -> Bool { removed[index] }
    public func run(at index: Int) -> RunRecord { runs[index] }
}
