/// The port for persisted stopwatches.
///
/// Adapters make `update` a locked read-modify-write, so concurrent processes never lose a change,
/// and store laps so that `load` and `update` cost the same however long the lap history is. A
/// change that ends a run (`StopwatchChange.endedRuns`) commits the run's record with it, so a run
/// is either current or in history, never both and never neither.
public protocol StopwatchStore: Sendable {
    /// The stored state, or nil when `name` was never created.
    func load(_ name: StopwatchName) throws -> StopwatchState?

    /// Every lap of `name` in order; throws `StopwatchError.noSuchStopwatch` when it does not exist.
    func laps(of name: StopwatchName) throws -> [Lap]

    /// Every stored stopwatch, sorted by name, with the ones that could not be read reported apart.
    func loadAll() throws -> StopwatchListing

    /// The names of the stored stopwatches, sorted, found without reading any of them: cheap
    /// enough for a "did you mean" hint or shell completion, and listing invalid ones too.
    func names() throws -> [StopwatchName]

    /// Reads `name`, lets `transform` decide, and commits what it returns, all under one exclusive lock.
    ///
    /// `transform` sees nil for a stopwatch never created; returning nil writes nothing. An error
    /// thrown by `transform` is rethrown and nothing is written.
    @discardableResult
    func update(
        _ name: StopwatchName,
        _ transform: (StopwatchState?) throws -> StopwatchChange?
    ) throws -> StopwatchChange?

    /// Removes the stopwatches of `names` and their laps, all or none, under one exclusive lock:
    /// each is read first, and one that does not exist (`StopwatchError.noSuchStopwatch`) or
    /// cannot be read stops it before anything is removed. The run each held, as `record` makes
    /// it (nil for none), is committed to history before it goes.
    func delete(_ names: [StopwatchName], recording record: (StopwatchState) -> RunRecord?) throws

    /// Removes, under one exclusive lock, every stored stopwatch for which `condition` holds, and
    /// returns their names; all or none, as `delete`: one that cannot be read stops it first. Their
    /// runs are recorded as `delete` records them.
    func deleteAll(where condition: (StopwatchState) -> Bool, recording record: (StopwatchState) -> RunRecord?) throws -> [StopwatchName]

    /// The runs history holds, oldest first: each commit's `StopwatchChange.endedRuns`, and each
    /// deleted stopwatch's run. A record whose run is still current (a power cut between the
    /// record and the change that ended its run) is left out, and a run recorded twice is the later
    /// record; lines that cannot be read are counted, never a reason to lose the rest.
    func history() throws -> RunHistory

    /// Appends `runs` to history under the exclusive lock, made durable before it returns: a block
    /// of time told after the fact (`track`), which no stopwatch held.
    func record(_ runs: [RunRecord]) throws

    /// The laps `run`, a run history keeps, had when it ended.
    func laps(ofRun run: RunRecord) throws -> [Lap]

    /// Removes whatever files the stopwatches of `names` have, valid or not, all or none: the way
    /// out for a stopwatch whose files are corrupt. Only regular files and symbolic links (removed,
    /// never followed) are removed; anything else stops it. Throws
    /// `StopwatchError.noSuchStopwatch` for a name with no files.
    func deleteFiles(of names: [StopwatchName]) throws
}
