/// History's runs and the runs in progress, as `history` and `report` read them: the runs the
/// store keeps, then each stopwatch's current run, ended at `now` and marked current.
struct RunGathering {
    let store: any StopwatchStore
    let timeZone: any LocalTimeZone

    func runs(at now: TimeReading) throws -> RunHistory {
        var history = try store.history()
        // A stopwatch that cannot be read has no run to show; `list` reports it.
        for state in try store.loadAll().stopwatches {
            guard var run = state.rebased(at: now).record(endedAt: now) else { continue }
            run.current = state.status
            run.startOffset = timeZone.offset(at: run.startedAt)
            run.endOffset = timeZone.offset(at: run.endedAt)
            history.runs.append(run)
        }
        return history
    }
}
