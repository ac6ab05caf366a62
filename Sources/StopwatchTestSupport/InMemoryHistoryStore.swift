import StopwatchCore

/// A `HistoryStore` in memory: the history of an `InMemoryStopwatchStore`, kept under its lock
/// with its stopwatches, so that a change to history and the stopwatches it sets commit together
/// as the file store's do.
public struct InMemoryHistoryStore: HistoryStore {
    /// The stopwatches whose lock and contents history shares.
    let stopwatches: InMemoryStopwatchStore

    public init(stopwatches: InMemoryStopwatchStore) {
        self.stopwatches = stopwatches
    }

    public func read() throws -> HistoryLog {
        runsLog(stopwatches.contents.withLock { $0.changes })
    }

    private func runsLog(_ changes: [HistoryChange]) -> HistoryLog {
        guard stopwatches.readsInParts else { return HistoryLog(changes: changes) }
        let cut = (changes.lastIndex { $0.target != nil }).map { $0 + 1 } ?? changes.count / 2
        let snapshot = HistoryLog(changes: Array(changes[..<cut])).snapshot()
        return HistoryLog(beginning: .after(snapshot), changes: Array(changes[cut...]))
    }

    @discardableResult
    public func update(reading: HistoryReading, _ transform: (HistoryLog, StopwatchListing) throws -> HistoryCommit?)
        throws -> HistoryCommit?
    {
        try stopwatches.contents.withLock { contents in
            let listing = StopwatchListing(
                stopwatches: contents.stopwatches.values.map(\.state).sorted { $0.name < $1.name })
            let changes = contents.changes
            var readings: [() throws -> HistoryLog] = [{ HistoryLog(changes: changes) }]
            if stopwatches.readsInParts {
                switch reading {
                case .runs: readings.insert({ runsLog(changes) }, at: 0)
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
        stopwatches.contents.withLock { $0.keptLaps[run.recordedAs] } ?? []
    }
}
