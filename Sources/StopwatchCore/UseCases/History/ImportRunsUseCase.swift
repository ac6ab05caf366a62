/// Keeps runs brought from another tool (`import`: Timewarrior's intervals, Watson's frames) in
/// history, as one change that `undo` takes back. A run already there (the same id, or the same
/// name and start: the same file imported twice) is passed over, and so is one that would overlap
/// a run of its name; nothing is written when none is left. Published to the StateStore as the
/// runs added, when there are any.
public struct ImportRunsUseCase: Sendable {
    /// What an import did.
    public struct Outcome: Sendable, Hashable {
        /// The runs added to history.
        public var added: [RunRecord]
        /// Runs already in history.
        public var alreadyThere: Int
        /// Runs that would have overlapped a run of their name.
        public var overlapping: Int
    }

    private let history: any HistoryStore
    private let stateStore: StateStore<RunHistory>
    private let timeSource: any TimeSource
    private let ids: any IDSource

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        history: any HistoryStore, stateStore: StateStore<RunHistory>, timeSource: any TimeSource, ids: any IDSource
    ) {
        self.history = history
        self.stateStore = stateStore
        self.timeSource = timeSource
        self.ids = ids
    }

    /// Does what the type's summary says, under the store's lock: a refusal writes nothing.
    @discardableResult
    public func execute(_ runs: [RunRecord]) throws -> Outcome {
        var outcome = Outcome(added: [], alreadyThere: 0, overlapping: 0)
        try history.update { log, listing in
            let now = timeSource.now()
            let lookup = RunLookup(log, stopwatches: listing.stopwatches, on: listing.machine, at: now)
            var known = Set(lookup.all.map(\.id))
            var starts = Set(lookup.all.map { RunKey(name: $0.name, start: $0.startedAt) })
            // Each name's spans in order of start, to find an overlap by halving, each with the
            // latest end of those up to it (`reach`): history may hold spans that overlap (a wall
            // clock set back, two machines), so the one just before may end before an earlier one.
            var spans = Dictionary(grouping: lookup.all, by: \.name).mapValues { runs in
                var reach = Duration.zero
                return runs.sorted { $0.startedAt < $1.startedAt }.map { run in
                    reach = max(reach, run.endedAt)
                    return (start: run.startedAt, reach: reach)
                }
            }
            func place(_ run: RunRecord) -> Int? {
                let list = spans[run.name] ?? []
                var low = 0
                var high = list.count
                while low < high {
                    let middle = (low + high) / 2
                    if list[middle].start < run.startedAt { low = middle + 1 } else { high = middle }
                }
                let overlapsBefore = low > 0 && list[low - 1].reach > run.startedAt
                let overlapsAfter = low < list.count && list[low].start < run.endedAt
                return overlapsBefore || overlapsAfter ? nil : low
            }
            for run in runs.sorted(by: { $0.startedAt < $1.startedAt }) {
                if known.contains(run.id) || starts.contains(RunKey(name: run.name, start: run.startedAt)) {
                    outcome.alreadyThere += 1
                } else if let index = place(run) {
                    outcome.added.append(run)
                    // Placed clear of every span: those after it reach past its end already.
                    spans[run.name, default: []].insert((start: run.startedAt, reach: run.endedAt), at: index)
                    known.insert(run.id)
                    starts.insert(RunKey(name: run.name, start: run.startedAt))
                } else {
                    outcome.overlapping += 1
                }
            }
            guard !outcome.added.isEmpty else { return nil }
            return HistoryCommit(
                change: HistoryChange(
                    id: ids.next(), madeAt: now.wall, kind: .import, events: outcome.added.map { .run($0) }))
        }
        if !outcome.added.isEmpty { stateStore.update(RunHistory(runs: outcome.added)) }
        return outcome
    }
}
