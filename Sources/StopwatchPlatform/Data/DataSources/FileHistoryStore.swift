import StopwatchCore

/// History as files of the state directory (`HistoryFile`), kept under the lock of the stopwatches'
/// files (`JSONFileStopwatchStore`), whose journals it reads and writes through them: a change
/// to history and the stopwatches it sets (an undo, a correction of a run in progress) commit
/// together, as one change.
///
/// The stopwatches' adapter appends to history too, in the same way, when a change ends a run:
/// both hold the one directory and its lock, and neither caches what the other may change.
public struct FileHistoryStore: HistoryStore {
    /// The stopwatches' files, whose directory, lock and journals history shares.
    let stopwatches: JSONFileStopwatchStore

    public init(stopwatches: JSONFileStopwatchStore) {
        self.stopwatches = stopwatches
    }

    private var directoryPath: String { stopwatches.directoryPath }
    private var fileSystem: any FileSystem { stopwatches.fileSystem }

    public func read() throws -> HistoryLog {
        guard let directory = try StateDirectory.open(directoryPath, lock: .shared, on: fileSystem) else {
            return HistoryLog()
        }
        return try stopwatches.historyFile(in: directory).readRuns()
    }

    /// `.latestChanges` reads the last 2 KiB of changes, then four times as much up to 1 MiB, then the whole, until
    /// `transform` asks no further (`HistoryLog.Incomplete`).
    @discardableResult
    public func update(reading: HistoryReading, _ transform: (HistoryLog, StopwatchListing) throws -> HistoryCommit?)
        throws -> HistoryCommit?
    {
        let directory = try StateDirectory.create(directoryPath, lock: .exclusive, on: fileSystem)
        try directory.removeLeftovers(where: stopwatches.isLeftover)
        let history = stopwatches.historyFile(in: directory)
        let listing = try stopwatches.listing(in: directory)
        // The snapshot's pages read as the change asks for them; one that fails its check sets
        // aside what was worked out with it, and the whole log is read.
        var pages: PagedSnapshotBytes?
        var readings: [() throws -> HistoryLog] =
            switch reading {
            case .runs:
                [
                    {
                        let read = try history.readRunsByPages()
                        pages = read.pages
                        return read.log
                    }
                ]
            case .latestChanges:
                [2 << 10, 8 << 10, 32 << 10, 128 << 10, 1 << 20].map { bytes in { try history.readLatest(bytes) } }
            }
        readings.append {
            pages = nil
            return try history.read(states: true)
        }
        let answer = { (log: HistoryLog) throws -> HistoryCommit? in
            do {
                let commit = try transform(log.mappingStopwatches(stopwatches.own), listing)
                if pages?.failed == true { throw HistoryLog.Incomplete() }
                return commit
            } catch  where pages?.failed == true {
                throw HistoryLog.Incomplete()
            }
        }
        guard let commit = try HistoryLog.answer(from: readings, answer) else { return nil }
        // Every write made ready, and so checked, before anything is written.
        let writes = try commit.stopwatches.map { ($0.beforeHistory, try prepare($0, in: directory, history: history)) }
        // The laps of a run a write takes away from its stopwatch (a run in progress removed,
        // a stopwatch put back as it was before a run began) kept first, so `undo` can put them back.
        for write in commit.stopwatches { try keepLaps(replacedBy: write, in: directory, history: history) }
        for (before, write) in writes where before { try write() }
        try history.append(commit.change)
        for (before, write) in writes where !before { try write() }
        return commit
    }

    /// Kept in `history/snapshot-MACHINE.totals` (`HistoryFile.totals`).
    public func totals(for key: TotalsKey, _ compute: () throws -> [PeriodTotal]) throws -> [PeriodTotal] {
        guard let directory = try StateDirectory.open(directoryPath, lock: .shared, on: fileSystem) else {
            return try compute()
        }
        return try stopwatches.historyFile(in: directory).totals(for: key, compute)
    }

    public func laps(ofRun run: RunRecord) throws -> [Lap] {
        guard run.lapCount > 0 else { return [] }
        guard let directory = try StateDirectory.open(directoryPath, lock: .shared, on: fileSystem) else {
            throw StoreFailure(.invalidData, path: directoryPath, reason: .lapFileMissing(laps: run.lapCount))
        }
        return try stopwatches.historyFile(in: directory).laps(of: run)
    }

    /// Keeps the journal of the stopwatch `write` replaces, when it holds laps that `write` takes
    /// away: its run thrown away or replaced, or fewer laps.
    private func keepLaps(replacedBy write: StopwatchWrite, in directory: StateDirectory, history: HistoryFile) throws {
        guard let stored = try stopwatches.readStored(write.name, on: owner(of: write), in: directory),
            stored.state.lapCount > 0,
            let key = stored.state.runKey,
            stored.state.runsOn == nil
        else { return }
        if let state = write.state, state.currentRunID == stored.state.currentRunID,
            state.lapCount >= stored.state.lapCount
        {
            return
        }
        try history.keepJournal(try stopwatches.journalBytes(of: stored, name: write.name, in: directory), of: key)
    }

    /// The machine whose stopwatch `write` sets: the one its state runs on, or the one it names;
    /// for an undo or redo naming none, this machine (its own, reset, may stand aside while
    /// another machine's of its name is in use, which the name alone would mean). Nil: the one
    /// the name means.
    private func owner(of write: StopwatchWrite) -> String? {
        write.state?.runsOnID ?? write.machine ?? (write.putsBack ? stopwatches.machine.hex : nil)
    }

    /// How to set a stopwatch as `write` says, every check made: remove it, or give it its state.
    /// A state of the run it holds, with the laps it has, is one more line; another run's, or one
    /// with laps it no longer has (a reset undone), is a new journal: the run's journal as history
    /// kept it, then the state.
    private func prepare(_ write: StopwatchWrite, in directory: StateDirectory, history: HistoryFile) throws -> ()
        throws -> Void
    {
        // The journal the state is of: another machine's, when it is that machine's stopwatch.
        let stored = try stopwatches.readStored(write.name, on: owner(of: write), in: directory)
        // A correction of another machine's run in progress is made there; an undo or redo puts
        // one back as it was, that machine's.
        if !write.putsBack { try JSONFileStopwatchStore.checkRunsHere(stored?.state) }
        guard let state = write.state else {
            return { if let stored { try stopwatches.remove([stored], from: directory) } }
        }
        // Another machine's stopwatch put back (an undo of a delete made here) is that
        // machine's again: its journal, its name for itself.
        let journal =
            state.runsOnID.map { write.name.rawValue + "@" + $0 + ".jsonl" } ?? stopwatches.journalFile(write.name)
        let entity = stopwatches.entity(state)
        try stopwatches.checkWritable(directory, journal) { () throws(EntityError) in
            _ = try entity.state(expecting: write.name)
        }
        let line = JournalLine(state: entity, lap: nil).bytes
        if let stored, case .journal(journal, let end) = stored.source, stored.state.currentRunID == state.currentRunID,
            stored.state.lapCount == state.lapCount
        {
            return { try directory.append(line, to: journal, at: end) }
        }
        var lines: [UInt8] = []
        if state.lapCount > 0, let key = state.runKey {
            let kept = try history.keptJournal(of: key)
            let file = history.path + "/" + HistoryFile.lapsFile(of: key)
            // Kept by another machine (its stopwatch's) and not carried here yet: said, nothing
            // changed, done once it is. This machine's own missing is damage.
            if kept == nil, state.runsOnID != nil { throw StopwatchError.lapsNotHereYet(write.name) }
            guard let kept, let keptDirectory = try StateDirectory.open(history.path, lock: .shared, on: fileSystem),
                try JournalLaps.read(HistoryFile.lapsFile(of: key), in: keptDirectory, count: state.lapCount) != nil
            else { throw StoreFailure(.invalidData, path: file, reason: .lapFileMissing(laps: state.lapCount)) }
            lines = kept
        }
        return {
            try directory.replace(journal, with: lines + line)
            try? directory.remove(JSONFileStopwatchStore.journalFile(write.name))
            try? directory.remove(JSONFileStopwatchStore.stateFile(write.name))
            try? directory.remove(JSONFileStopwatchStore.lapFile(write.name))
        }
    }
}
