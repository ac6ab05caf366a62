/// The port for persisted stopwatches.
///
/// Adapters make `update` a locked read-modify-write, so concurrent processes never lose a change,
/// and store laps so that `load` and `update` cost the same however long the lap history is.
public protocol StopwatchStore: Sendable {
    /// The stored state, or nil when `name` was never created.
    func load(_ name: StopwatchName) throws -> StopwatchState?

    /// Every lap of `name` in order; empty when it has none or does not exist.
    func laps(of name: StopwatchName) throws -> [Lap]

    /// Every stored stopwatch, sorted by name, with the ones that could not be read reported apart.
    func loadAll() throws -> StopwatchListing

    /// Reads `name`, lets `transform` decide, and commits what it returns, all under one exclusive lock.
    ///
    /// `transform` sees nil for a stopwatch never created; returning nil writes nothing. An error
    /// thrown by `transform` is rethrown and nothing is written.
    @discardableResult
    func update(
        _ name: StopwatchName,
        _ transform: (StopwatchState?) throws -> StopwatchChange?
    ) throws -> StopwatchChange?

    /// Removes `name` and its laps; throws `StopwatchError.noSuchStopwatch` when it does not exist.
    func delete(_ name: StopwatchName) throws
}
