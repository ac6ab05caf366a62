/// The port for persisted stopwatches.
///
/// Adapters make `update` a locked read-modify-write, so concurrent processes never lose a change,
/// and store laps so that `load` and `update` cost the same however long the lap history is. A
/// change that ends a run (`StopwatchChange.recorded`) commits the change to history first, under
/// the same lock, so a run is either current or in history, never both and never neither. The
/// store of history (`HistoryStore`) shares that lock.
public protocol StopwatchStore: Sendable {
    /// The stored state, or nil when `name` was never created.
    ///
    /// `machine` nil is what the name means here: this machine's stopwatch, unless it is reset and
    /// another machine's is in use. A machine as stopwatches name it (`StopwatchState.runsOn`, or
    /// this machine's own name) is the stopwatch that machine keeps under `name`, as of the last
    /// sync: `work@desktop` beside this machine's `work`.
    func load(_ name: StopwatchName, on machine: String?) throws -> StopwatchState?

    /// Every lap of `name` in order (of the one `machine` keeps, as `load` reads it); throws
    /// `StopwatchError.noSuchStopwatch` when it does not exist.
    func laps(of name: StopwatchName, on machine: String?) throws -> [Lap]

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
    /// each is read first (what the name means here, or, for a name `machines` gives a machine,
    /// the one that machine keeps, as `load(_:on:)` reads it), and one that does not exist
    /// (`StopwatchError.noSuchStopwatch`) or cannot be read stops it before anything is removed.
    /// `recording` makes, from them as they were, the change history keeps of it (their runs, and
    /// what `undo` puts back), committed before anything goes.
    func delete(
        _ names: [StopwatchName], on machines: [StopwatchName: String],
        recording: ([StopwatchState]) -> HistoryChange?
    ) throws

    /// Removes, under one exclusive lock, every stored stopwatch for which `condition` holds, and
    /// returns their names; all or none, as `delete`: one that cannot be read stops it first. The
    /// change is recorded as `delete` records it.
    func deleteAll(where condition: (StopwatchState) -> Bool, recording: ([StopwatchState]) -> HistoryChange?) throws
        -> [StopwatchName]

    /// Removes whatever files the stopwatches of `names` have, valid or not, all or none: the way
    /// out for a stopwatch whose files are corrupt. Only regular files and symbolic links (removed,
    /// never followed) are removed; anything else stops it. Throws
    /// `StopwatchError.noSuchStopwatch` for a name with no files.
    func deleteFiles(of names: [StopwatchName]) throws
}

extension StopwatchStore {
    /// `delete(_:on:recording:)` of what each name means here.
    public func delete(_ names: [StopwatchName], recording: ([StopwatchState]) -> HistoryChange?) throws {
        try delete(names, on: [:], recording: recording)
    }

    /// What `name` means here (`load(_:on:)` with no machine).
    public func load(_ name: StopwatchName) throws -> StopwatchState? { try load(name, on: nil) }

    /// The laps of what `name` means here (`laps(of:on:)` with no machine).
    public func laps(of name: StopwatchName) throws -> [Lap] { try laps(of: name, on: nil) }

    /// Why `name` was not found on `machine`: `StopwatchError.noSuchStopwatch` with no machine,
    /// else `StopwatchError.noSuchStopwatchOn` with the machines that keep one of the name.
    public func missing(_ name: StopwatchName, on machine: String?) -> StopwatchError {
        guard let machine else { return .noSuchStopwatch(name) }
        let keptOn = ((try? loadAll().stopwatches) ?? []).filter { $0.name == name }.map(\.runsOn)
        return .noSuchStopwatchOn(name, machine: machine, keptOn: keptOn)
    }
}
