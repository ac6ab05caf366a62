import StopwatchCore
import Synchronization

/// A `StopwatchStore` and `HistoryStore` in memory, with the same contract as the file store:
/// one lock for both, a change to history committed with the stopwatch change that ends a run,
/// and the laps of a run that ends kept with it.
public final class InMemoryStopwatchStore: StopwatchStore, HistoryStore {
    private struct Contents {
        var stopwatches: [StopwatchName: (state: StopwatchState, laps: [Lap])] = [:]
        var changes: [HistoryChange] = []
        var keptLaps: [RunKey: [Lap]] = [:]
        var commits = 0
    }

    private let contents = Mutex(Contents())
    /// When true, history is given as the file store gives a long one: its runs as a snapshot of
    /// the changes up to the last undo or redo with the changes after it; its latest changes
    /// two at first (`HistoryLog.Beginning.later`), the whole when asked for more.
    private let readsInParts: Bool

    public init(_ states: [StopwatchState] = [], readsInParts: Bool = false) {
        self.readsInParts = readsInParts
        contents.withLock { contents in
            for state in states { contents.stopwatches[state.name] = (state, []) }
        }
    }

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

    public func delete(_ names: [StopwatchName], recording: ([StopwatchState]) -> HistoryChange?) throws {
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

    public func read() throws -> HistoryLog {
        runsLog(contents.withLock { $0.changes })
    }

    private func runsLog(_ changes: [HistoryChange]) -> HistoryLog {
        guard readsInParts else { return HistoryLog(changes: changes) }
        let cut = (changes.lastIndex { $0.target != nil }).map { $0 + 1 } ?? changes.count / 2
        let snapshot = HistoryLog(changes: Array(changes[..<cut])).snapshot()
        return HistoryLog(beginning: .after(snapshot), changes: Array(changes[cut...]))
    }

    @discardableResult
    public func update(reading: HistoryReading, _ transform: (HistoryLog, StopwatchListing) throws -> HistoryCommit?)
        throws -> HistoryCommit?
    {
        try contents.withLock { contents in
            let listing = StopwatchListing(
                stopwatches: contents.stopwatches.values.map(\.state).sorted { $0.name < $1.name })
            let changes = contents.changes
            var readings: [() throws -> HistoryLog] = [{ HistoryLog(changes: changes) }]
            if readsInParts {
                switch reading {
                case .runs: readings.insert({ self.runsLog(changes) }, at: 0)
                case .latestChanges where changes.count > 2:
                    readings.insert({ HistoryLog(beginning: .later, changes: Array(changes.suffix(2))) }, at: 0)
                case .latestChanges: break
                }
            }
            guard let commit = try HistoryLog.answer(from: readings, { try transform($0, listing) }) else { return nil }
            for write in commit.stopwatches {
                guard let state = write.state else {
                    contents.stopwatches[write.name] = nil
                    continue
                }
                let stored = contents.stopwatches[write.name]
                var laps: [Lap] = []
                if stored?.state.currentRunID == state.currentRunID, stored?.state.lapCount == state.lapCount {
                    laps = stored?.laps ?? []
                } else if state.lapCount > 0, let key = state.runKey {
                    laps = contents.keptLaps[key] ?? []
                }
                contents.stopwatches[write.name] = (state, laps)
            }
            contents.changes.append(commit.change)
            contents.commits += 1
            return commit
        }
    }

    public func laps(ofRun run: RunRecord) throws -> [Lap] {
        contents.withLock { $0.keptLaps[run.recordedAs] } ?? []
    }
}
