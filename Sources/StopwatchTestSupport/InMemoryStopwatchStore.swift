import StopwatchCore
import Synchronization

/// A `StopwatchStore` in memory, with the same contract as the file store: history kept under the
/// same lock (`InMemoryHistoryStore`, its `history`), a change to history committed with the
/// stopwatch change that ends a run, and the laps of a run that ends kept with it.
public final class InMemoryStopwatchStore: StopwatchStore {
    struct Contents {
        var stopwatches: [StopwatchName: (state: StopwatchState, laps: [Lap])] = [:]
        var changes: [HistoryChange] = []
        var keptLaps: [RunKey: [Lap]] = [:]
        var commits = 0
    }

    let contents = Mutex(Contents())
    /// When true, history is given as the file store gives a long one: its runs as a snapshot of
    /// the changes up to the last undo or redo with the changes after it; its latest changes
    /// two at first (`HistoryLog.Beginning.later`), the whole when asked for more.
    let readsInParts: Bool

    public init(_ states: [StopwatchState] = [], readsInParts: Bool = false) {
        self.readsInParts = readsInParts
        contents.withLock { contents in
            for state in states { contents.stopwatches[state.name] = (state, []) }
        }
    }

    /// History under this store's lock.
    public var history: InMemoryHistoryStore { InMemoryHistoryStore(stopwatches: self) }

    /// How many changes were committed, so tests can check that a refused command wrote nothing.
    public var commitCount: Int { contents.withLock { $0.commits } }

    /// Every change history holds, in order.
    public var changes: [HistoryChange] { contents.withLock { $0.changes } }

    /// One stopwatch a name: `machine` finds it only when its state says it runs there.
    public func load(_ name: StopwatchName, on machine: String?) throws -> StopwatchState? {
        contents.withLock { $0.stopwatches[name] }.flatMap {
            machine == nil || $0.state.runsOn == machine ? $0.state : nil
        }
    }

    public func laps(of name: StopwatchName, on machine: String?) throws -> [Lap] {
        guard let stored = contents.withLock({ $0.stopwatches[name] }), machine == nil || stored.state.runsOn == machine
        else { throw StopwatchError.noSuchStopwatch(name) }
        return stored.laps
    }

    public func names() throws -> [StopwatchName] {
        contents.withLock { $0.stopwatches.keys.sorted() }
    }

    public func loadAll() throws -> StopwatchListing {
        let states = contents.withLock { $0.stopwatches.values.map(\.state) }
        return StopwatchListing(stopwatches: states.sorted { $0.name < $1.name })
    }

    @discardableResult
    public func update(
        _ name: StopwatchName,
        _ transform: (StopwatchState?) throws -> StopwatchChange?
    ) throws -> StopwatchChange? {
        try contents.withLock { contents in
            let stored = contents.stopwatches[name]
            guard let change = try transform(stored?.state) else { return nil }
            if !change.recorded.isEmpty, let stored, let key = stored.state.runKey, stored.state.lapCount > 0 {
                contents.keptLaps[key] = stored.laps
            }
            contents.changes += change.recorded
            var laps = change.state.lapCount == 0 ? [] : stored?.laps ?? []
            if let lap = change.appendedLap { laps.append(lap) }
            contents.stopwatches[name] = (change.state, laps)
            contents.commits += 1
            return change
        }
    }

    /// One machine's: a name given another machine is none of its.
    public func delete(
        _ names: [StopwatchName], on machines: [StopwatchName: String], recording: ([StopwatchState]) -> HistoryChange?
    ) throws {
        if let elsewhere = names.first(where: { machines[$0] != nil }) {
            throw StopwatchError.noSuchStopwatch(elsewhere)
        }
        try contents.withLock { contents in
            if let missing = names.first(where: { contents.stopwatches[$0] == nil }) {
                throw StopwatchError.noSuchStopwatch(missing)
            }
            Self.keep(names, recording: recording, in: &contents)
            for name in names { contents.stopwatches[name] = nil }
        }
    }

    public func deleteAll(where condition: (StopwatchState) -> Bool, recording: ([StopwatchState]) -> HistoryChange?)
        throws -> [StopwatchName]
    {
        contents.withLock { contents in
            let names = contents.stopwatches.filter { condition($0.value.state) }.keys.sorted()
            Self.keep(names, recording: recording, in: &contents)
            for name in names { contents.stopwatches[name] = nil }
            return names
        }
    }

    private static func keep(
        _ names: [StopwatchName], recording: ([StopwatchState]) -> HistoryChange?, in contents: inout Contents
    ) {
        let deleted = names.compactMap { contents.stopwatches[$0] }
        guard let change = recording(deleted.map(\.state)) else { return }
        for stopwatch in deleted where stopwatch.state.lapCount > 0 {
            if let key = stopwatch.state.runKey { contents.keptLaps[key] = stopwatch.laps }
        }
        contents.changes.append(change)
        contents.commits += 1
    }

    public func deleteFiles(of names: [StopwatchName]) throws {
        try contents.withLock { contents in
            if let missing = names.first(where: { contents.stopwatches[$0] == nil }) {
                throw StopwatchError.noSuchStopwatch(missing)
            }
            for name in names { contents.stopwatches[name] = nil }
        }
    }
}
