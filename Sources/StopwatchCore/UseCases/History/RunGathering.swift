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
        var current: [RunRecord] = []
        for state in listing.stopwatches {
            guard var run = state.rebased(at: now).record(endedAt: now) else { continue }
            run.current = state.status
            current.append(run)
        }
        // The log gone once its runs are had, so that they are appended to, not copied.
        var runs = try history.read().runs(hiding: Set(current.map(\.id)))
        runs.runs += current
        return (runs, listing.names)
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
