/// History's runs and the runs in progress, as `history` and `report` read them: the runs history
/// keeps (a record whose run a stopwatch still holds left out), then each stopwatch's current run,
/// read at `now` and marked current.
struct RunGathering {
    let store: any StopwatchStore
    let history: any HistoryStore

    /// The runs, and the names of the stopwatches (those that cannot be read included).
    func runs(at now: TimeReading) throws -> (history: RunHistory, stopwatches: [StopwatchName]) {
        let listing = try store.loadAll()
        // A stopwatch that cannot be read has no run to show; `list` reports it.
        let current = RunRecord.inProgress(listing.stopwatches, at: now)
        // The log gone once its runs are had, so that they are appended to, not copied.
        var runs = try history.read().runs(hiding: Set(current.map(\.id)))
        runs.runs += current
        return (runs, listing.names)
    }

    /// The runs as `runs(at:)` gives them, those of `names` alone (all when empty), each added to
    /// `tally` as it is made: a report needs each once and never all at once. A name that no
    /// stopwatch and no run has is `StopwatchError.unknownName`. Returns the lines of history
    /// that could not be read.
    /// The runs of `names` (all when empty) with every one of `tags`, added to `tally`; the lines
    /// that could not be read, and how many runs there are in all.
    func tally(_ names: [StopwatchName], tags: [String] = [], into tally: inout RunReport.Tally, at now: TimeReading)
        throws -> (damaged: [DamagedLine], kept: Int)
    {
        let listing = try store.loadAll()
        let current = RunRecord.inProgress(listing.stopwatches, at: now)
        let log = try history.read()
        let snapshot = log.snapshot()
        let held = snapshot.held(hiding: Set(current.map(\.id)))
        if !names.isEmpty {
            let known = Set(held.map(snapshot.name(at:)) + current.map(\.name)).union(listing.names)
            if let unknown = names.first(where: { !known.contains($0) }) {
                throw StopwatchError.unknownName(unknown, known: known.sorted())
            }
        }
        let wanted = Set(names)
        for index in held where wanted.isEmpty || wanted.contains(snapshot.name(at: index)) {
            let run = snapshot.run(at: index)
            if run.hasTags(tags) { tally.add(run) }
        }
        // Another machine's run in progress is counted once it ends there and its record arrives:
        // read here, its time would be this clock's guess at another's (hours apart when the two
        // wall clocks are), a plausible wrong total. `history` still lists it, marked current.
        for run in current
        where run.machine == nil && (wanted.isEmpty || wanted.contains(run.name)) && run.hasTags(tags) {
            tally.add(run)
        }
        return (log.damaged, held.count + current.count)
    }

    /// `names` checked against `stopwatches` and the runs of `history`: one that neither has is
    /// `StopwatchError.unknownName`, with every name there is for the closest to be told.
    static func check(_ names: [StopwatchName], in history: RunHistory, stopwatches: [StopwatchName]) throws {
        guard !names.isEmpty else { return }
        let known = Set(history.runs.map(\.name)).union(stopwatches)
        if let unknown = names.first(where: { !known.contains($0) }) {
            throw StopwatchError.unknownName(unknown, known: known.sorted())
        }
    }
}
