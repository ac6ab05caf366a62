import StopwatchCore
import Synchronization

/// A `StopwatchStore` in memory, with the same contract as the file store.
public final class InMemoryStopwatchStore: StopwatchStore {
    private let storage = Mutex<[StopwatchName: (state: StopwatchState, laps: [Lap])]>([:])
    private let commits = Mutex(0)
    private let recorded = Mutex<[RunRecord]>([])
    private let keptLaps = Mutex<[RunRecord: [Lap]]>([:])

    public init(_ states: [StopwatchState] = []) {
        storage.withLock { storage in
            for state in states { storage[state.name] = (state, []) }
        }
    }

    /// How many changes were committed, so tests can check that a refused command wrote nothing.
    public var commitCount: Int { commits.withLock { $0 } }

    public func load(_ name: StopwatchName) throws -> StopwatchState? {
        storage.withLock { $0[name]?.state }
    }

    public func laps(of name: StopwatchName) throws -> [Lap] {
        guard let laps = storage.withLock({ $0[name]?.laps }) else { throw StopwatchError.noSuchStopwatch(name) }
        return laps
    }

    public func names() throws -> [StopwatchName] {
        storage.withLock { $0.keys.sorted() }
    }

    public func loadAll() throws -> StopwatchListing {
        let states = storage.withLock { storage in storage.values.map(\.state) }
        return StopwatchListing(stopwatches: states.sorted { $0.name < $1.name })
    }

    @discardableResult
    public func update(
        _ name: StopwatchName,
        _ transform: (StopwatchState?) throws -> StopwatchChange?
    ) throws -> StopwatchChange? {
        try storage.withLock { storage in
            guard let change = try transform(storage[name]?.state) else { return nil }
            var laps = change.state.lapCount == 0 ? [] : storage[name]?.laps ?? []
            if let lap = change.appendedLap { laps.append(lap) }
            recorded.withLock { $0 += change.endedRuns }
            for run in change.endedRuns { keptLaps.withLock { $0[run] = storage[name]?.laps ?? [] } }
            storage[name] = (change.state, laps)
            commits.withLock { $0 += 1 }
            return change
        }
    }

    public func delete(_ names: [StopwatchName], recording record: (StopwatchState) -> RunRecord?) throws {
        try storage.withLock { storage in
            if let missing = names.first(where: { storage[$0] == nil }) { throw StopwatchError.noSuchStopwatch(missing) }
            for name in names {
                if let state = storage[name]?.state, let run = record(state) { recorded.withLock { $0.append(run) } }
                storage[name] = nil
            }
        }
    }

    public func deleteAll(where condition: (StopwatchState) -> Bool, recording record: (StopwatchState) -> RunRecord?) throws -> [StopwatchName] {
        storage.withLock { storage in
            let names = storage.filter { condition($0.value.state) }.keys.sorted()
            for name in names {
                if let state = storage[name]?.state, let run = record(state) { recorded.withLock { $0.append(run) } }
                storage[name] = nil
            }
            return names
        }
    }

    public func deleteFiles(of names: [StopwatchName]) throws {
        try storage.withLock { storage in
            if let missing = names.first(where: { storage[$0] == nil }) { throw StopwatchError.noSuchStopwatch(missing) }
            for name in names { storage[name] = nil }
        }
    }

    public func laps(ofRun run: RunRecord) throws -> [Lap] {
        keptLaps.withLock { $0[run] } ?? []
    }

    public func record(_ runs: [RunRecord]) throws {
        recorded.withLock { $0 += runs }
    }

    public func history() throws -> RunHistory {
        RunHistory(runs: recorded.withLock { $0 })
    }
}
