/// Undoes the latest change to history (`undo`), or takes the latest undo back (`redo`): a
/// correction, a `delete` or `reset` (its stopwatch put back with its laps and plan), a
/// `restart`, a `track`, an import. Undoing again goes further back; a redo is possible until
/// another change is made.
///
/// It is a change of its own, appended (`HistoryChange.Kind.undo`, naming the change it
/// undoes), never a rewrite. The stopwatches the undone change set are put back as it found
/// them, before the undo is appended (so a run is held by its stopwatch or kept by history at
/// every moment); a redo sets them again after. A stopwatch changed since (started again after a
/// reset) is not overwritten: that is `StopwatchError.changedSince`.
public struct UndoChangeUseCase: Sendable {
    private let history: any HistoryStore
    private let timeSource: any TimeSource
    private let ids: any IDSource

    /// Works through these ports: nothing is read or written until it runs.
    public init(history: any HistoryStore, timeSource: any TimeSource, ids: any IDSource) {
        self.history = history
        self.timeSource = timeSource
        self.ids = ids
    }

    /// Returns the change undone (for a redo, the one done again).
    @discardableResult
    public func execute(redo: Bool = false) throws -> HistoryChange {
        var undone: HistoryChange?
        try history.update(reading: .latestChanges) { log, listing in
            let now = timeSource.now()
            guard let change = try redo ? log.lastRedoable() : log.lastUndoable() else {
                throw StopwatchError.nothingToUndo(redo: redo)
            }
            // A redo undoes an undo: the change that undo undid is done again.
            guard let target = try redo ? change.target.flatMap(log.change) : change else {
                throw StopwatchError.nothingToUndo(redo: redo)
            }
            undone = target
            var writes: [StopwatchWrite] = []
            for case .stopwatch(let before, let after) in target.events {
                guard let name = (before ?? after)?.name else { continue }
                let (from, to) = redo ? (before, after) : (after, before)
                if listing.names.contains(name), !listing.stopwatches.contains(where: { $0.name == name }),
                    let failure = listing.failures.first
                {
                    throw failure
                }
                // The stopwatch of that name on the machine the change was to: another machine's
                // of the same name (a shared directory holds both) is not it.
                // This machine's, reset, stands aside where another machine's of its name is in
                // use (`StopwatchListing.shadowed`).
                let machine = (before ?? after)?.runsOn
                let now =
                    listing.stopwatches.first { $0.name == name && $0.runsOn == machine }
                    ?? (machine == nil ? listing.shadowed.first { $0.name == name } : nil)
                // Already as it would be (a power cut came after the stopwatch was set): nothing to write.
                if now == to { continue }
                guard now == from else { throw StopwatchError.changedSince(target, now) }
                writes.append(
                    StopwatchWrite(name: name, state: to, beforeHistory: !redo, putsBack: true, machine: from?.runsOnID)
                )
            }
            return HistoryCommit(
                change: HistoryChange(
                    id: ids.next(), madeAt: now.wall, kind: redo ? .redo : .undo, events: [.undo(change.id)]),
                stopwatches: writes
            )
        }
        guard let undone else { preconditionFailure("HistoryStore.update dropped a change") }
        return undone
    }
}
