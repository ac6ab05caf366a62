/// History's runs by position, each field read on its own: what a `HistorySnapshot` is made of,
/// so that a correction finds its run among a hundred thousand without making each a
/// `RunRecord`.
///
/// Two kinds: runs in memory (`MemoryRunTable`), and a store's snapshot file, read whole or page
/// by page (the Platform's `HistorySnapshotFile`). The searches a correction makes (by id, by
/// name and span, the latest) have answers by scanning every run, which a table with an index
/// gives without (a snapshot file read by pages: a few pages of a hundred thousand runs). Each
/// search answers by position, runs taken out included: the caller decides which it wants.
public protocol RunTable: Sendable {
    /// How many runs it holds, those taken out included.
    var count: Int { get }
    /// The id of the run at `index`.
    func id(at index: Int) -> EventID
    /// The name of the run at `index`.
    func name(at index: Int) -> StopwatchName
    /// When the run at `index` began, wall-clock time since the Unix epoch.
    func startedAt(at index: Int) -> Duration
    /// When the run at `index` ended (stopped counting what it booked), as `startedAt`.
    func endedAt(at index: Int) -> Duration
    /// Whether the run was taken out (its place kept, for when a change puts it back).
    func isRemoved(at index: Int) -> Bool
    /// The whole run.
    func run(at index: Int) -> RunRecord

    /// The position of the run with `id`.
    func position(of id: EventID) -> Int?
    /// The positions of the runs whose id begins with `prefix`.
    func positions(withIDPrefix prefix: EventID.Prefix) -> [Int]
    /// The positions of `name`'s runs that begin before `end` and end after `start`, and perhaps
    /// others of that name: the caller checks each.
    func positions(named name: StopwatchName, startingBefore end: Duration, endingAfter start: Duration) -> [Int]
    /// The position of the run of `name` that began last among those `isWanted` accepts (of two
    /// that began at once, the one added first).
    func latest(named name: StopwatchName, where isWanted: (Int) -> Bool) -> Int?
    /// The position of the run that ended last among those `isWanted` accepts (of two that ended
    /// at once, the one added first).
    func latestEnded(where isWanted: (Int) -> Bool) -> Int?
}

/// Each search by scanning every run: what a table without an index answers.
extension RunTable {
    /// By scanning every run, the latest first.
    public func position(of id: EventID) -> Int? {
        (0..<count).reversed().first { self.id(at: $0) == id }
    }

    /// By scanning every run.
    public func positions(withIDPrefix prefix: EventID.Prefix) -> [Int] {
        (0..<count).filter { prefix.matches(id(at: $0)) }
    }

    /// By scanning every run: exactly those.
    public func positions(named name: StopwatchName, startingBefore end: Duration, endingAfter start: Duration) -> [Int]
    {
        (0..<count).filter { self.name(at: $0) == name && startedAt(at: $0) < end && endedAt(at: $0) > start }
    }

    /// By scanning every run.
    public func latest(named name: StopwatchName, where isWanted: (Int) -> Bool) -> Int? {
        (0..<count).filter { self.name(at: $0) == name && isWanted($0) }.max { startedAt(at: $0) < startedAt(at: $1) }
    }

    /// By scanning every run.
    public func latestEnded(where isWanted: (Int) -> Bool) -> Int? {
        (0..<count).filter(isWanted).max { endedAt(at: $0) < endedAt(at: $1) }
    }
}

/// Runs in memory, as a log's changes left them.
public struct MemoryRunTable: RunTable, Hashable {
    /// The runs, in the order they were added.
    public var runs: [RunRecord]
    /// For each run, whether it was taken out.
    public var removed: [Bool]

    /// `runs`, with `removed` saying which were taken out (none when nil; one flag a run).
    public init(runs: [RunRecord] = [], removed: [Bool]? = nil) {
        precondition(removed == nil || removed?.count == runs.count, "a flag a run")
        self.runs = runs
        self.removed = removed ?? [Bool](repeating: false, count: runs.count)
    }

    /// How many runs, those taken out included.
    public var count: Int { runs.count }
    /// The id of the run at `index`.
    public func id(at index: Int) -> EventID { runs[index].id }
    /// The name of the run at `index`.
    public func name(at index: Int) -> StopwatchName { runs[index].name }
    /// When the run at `index` began.
    public func startedAt(at index: Int) -> Duration { runs[index].startedAt }
    /// When the run at `index` ended.
    public func endedAt(at index: Int) -> Duration { runs[index].endedAt }
    /// Whether the run at `index` was taken out.
    public func isRemoved(at index: Int) -> Bool { removed[index] }
    /// The run at `index`.
    public func run(at index: Int) -> RunRecord { runs[index] }
}
