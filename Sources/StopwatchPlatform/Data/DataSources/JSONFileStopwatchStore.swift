import StopwatchCore
import Synchronization

/// Keeps each stopwatch in one file of one directory: its journal, `NAME@MACHINE.jsonl`, one JSON
/// line a change holding the state after it (and the lap it recorded), each behind a checksum, only
/// ever appended to.
///
/// MACHINE is the machine that writes it (`MachineID`): two machines sharing the directory through
/// a sync engine that both start one name before either has synced write two files, never one
/// that the engine keeps one version of. A name means this machine's journal, unless it is reset
/// and another machine's is in use, which is shown as of the last sync and changed only there
/// (`readStored`); the journal 0.4.0 wrote (`NAME.jsonl`) is carried over to this machine's by
/// its next change.
///
/// A change is one line appended and one `fdatasync`: the physical floor of a durable change. The
/// current state is the last whole line, read from the file's end, so `status` and `lap` cost the
/// same whatever the history; a line a power cut tore fails its checksum and is passed over, and
/// the next change cuts it off. A change that clears the laps (`reset`, `restart`) writes a new
/// journal in place of the old. A stopwatch written before 0.4.0 (`NAME.json` and `NAME.laps`) is
/// read as it is and carried over to a journal by its next change. A file that does not parse is
/// reported, never rewritten. See docs/state-format.md.
public final class JSONFileStopwatchStore: StopwatchStore {
    /// State files larger than this are refused as invalid; a real one is well under 2 KiB.
    static let stateFileLimit: Int64 = 1 << 20
    /// How much of a journal's end is read first for its last whole line: a line is at most about
    /// 4 KiB (a 256-character label and a boot id, escaped), and a torn one at most one line.
    static let tailWindow = 16 * 1024

    /// Where a stopwatch's state was read from.
    enum Source {
        /// A journal, `file`: the offset just past its last whole line, where the next one goes.
        case journal(file: String, end: Int64)
        /// A state file of version 1 or 2, and the committed part of its lap file.
        case stateFile(LapLogEntity)
    }

    struct Stored {
        var state: StopwatchState
        var source: Source

        /// Whether this was read from the journal `file`.
        func isRead(from file: String) -> Bool {
            if case .journal(file, _) = source { true } else { false }
        }
    }

    public let directoryPath: String
    let timeSource: any TimeSource
    let fileSystem: any FileSystem
    /// For the UTC offsets history records beside each run's start and end.
    private let zone: any LocalTimeZone
    /// The size of a file of changes from which a snapshot of its runs is kept
    /// (`HistoryFile.snapshotSize`); tests make it smaller to read short histories through one.
    let historySnapshotSize: Int64
    /// What names this machine (`STOPWATCH_MACHINE`), or nil for the system's machine id.
    private let machineName: String?
    /// This machine's id (`MachineID.current`), made when history is first written or read.
    private let machineID = Mutex<MachineID?>(nil)

    /// Touches nothing on disk until the first call; a missing directory is created by the first
    /// write. `fileSystem` is the real one but in tests that simulate a power cut.
    public convenience init(
        directoryPath: String, timeSource: any TimeSource, fileSystem: any FileSystem = SystemFileSystem(),
        zone: any LocalTimeZone = SystemTimeZone(), machine: String? = nil
    ) {
        self.init(
            directoryPath: directoryPath, timeSource: timeSource, fileSystem: fileSystem, zone: zone,
            historySnapshotSize: HistoryFile.defaultSnapshotSize,
            machine: machine
        )
    }

    /// `machine` names this machine, whose history file is its own (`MachineID`); nil for the
    /// system's machine id. `historySnapshotSize` is the size of a file of changes from which a
    /// snapshot of its runs is kept: tests make it small to read short histories through one.
    public init(
        directoryPath: String, timeSource: any TimeSource, fileSystem: any FileSystem = SystemFileSystem(),
        zone: any LocalTimeZone,
        historySnapshotSize: Int64, machine: String? = nil
    ) {
        self.directoryPath = directoryPath
        self.timeSource = timeSource
        self.fileSystem = fileSystem
        self.zone = zone
        self.historySnapshotSize = historySnapshotSize
        self.machineName = machine
    }

    /// History in this directory, under this store's lock (`FileHistoryStore`).
    public var history: FileHistoryStore { FileHistoryStore(stopwatches: self) }

    func historyFile(in directory: StateDirectory) -> HistoryFile {
        HistoryFile(
            stateDirectory: directory, zone: zone, fileSystem: fileSystem, machine: machine,
            snapshotSize: historySnapshotSize)
    }

    /// This machine (`MachineID.current`), made at its first use.
    var machine: MachineID {
        machineID.withLock { id in
            if let id { return id }
            let made = MachineID.current(named: machineName)
            id = made
            return made
        }
    }

    /// Refuses a change to `state` when another machine runs it (`StopwatchState.runsOn`): it is
    /// changed there. One reset there is anyone's to take. Every write of a journal asks.
    static func checkRunsHere(_ state: StopwatchState?) throws {
        if let state, let machine = state.runsOn, state.status != .initial {
            throw StopwatchError.runsElsewhere(state.name, machine: machine)
        }
    }

    /// `state` as a journal line keeps it, with the machine that writes it: the machine it runs on.
    func entity(_ state: StopwatchState) -> StopwatchFileEntity {
        var entity = StopwatchFileEntity(state, updatedAt: timeSource.now().wall)
        // Another machine's, put back by `undo` as it was: still that machine's.
        if let id = state.runsOnID {
            entity.machine = id
            entity.host = state.runsOn
            return entity
        }
        let machine = machine
        entity.machine = machine.hex
        entity.host = machine.host
        return entity
    }

    /// `state` as this machine tells it: one a change recorded as another machine's that is this
    /// machine's own is its own (`StopwatchState.runsOnID`).
    func own(_ state: StopwatchState) -> StopwatchState {
        guard state.runsOnID == machine.hex else { return state }
        var state = state
        state.runsOn = nil
        state.runsOnID = nil
        return state
    }

    /// Commits `changes` to history, those `stored` ends a run of: the journal of `stored` first,
    /// when it has laps, so the run's laps are kept and `undo` can put them back.
    private func keep(_ changes: [HistoryChange], of stored: Stored?, name: StopwatchName, in directory: StateDirectory)
        throws
    {
        guard !changes.isEmpty else { return }
        let history = historyFile(in: directory)
        if let stored, stored.state.lapCount > 0, let key = stored.state.runKey {
            try history.keepJournal(try journalBytes(of: stored, name: name, in: directory), of: key)
        }
        for change in changes { try history.append(change) }
    }

    /// The whole lines of the journal of `stored`; for a stopwatch written before 0.4.0, its
    /// laps as a journal's lines.
    func journalBytes(of stored: Stored, name: StopwatchName, in directory: StateDirectory) throws -> [UInt8] {
        switch stored.source {
        case .journal(let file, let end):
            let (bytes, _) = try directory.readTail(file, count: Int.max) ?? ([], 0)
            return Array(bytes.prefix(Int(end)))
        case .stateFile(let committed):
            var lines: [UInt8] = []
            for lap in try readLaps(of: name, committed: committed, in: directory) {
                lines += JournalLine(state: nil, lap: LapEntity(lap)).bytes
            }
            return lines
        }
    }

    public func load(_ name: StopwatchName, on machine: String?) throws -> StopwatchState? {
        guard let directory = try StateDirectory.open(directoryPath, lock: .shared, on: fileSystem) else {
            return nil
        }
        return try readStored(name, on: machine, in: directory)?.state
    }

    public func laps(of name: StopwatchName, on machine: String?) throws -> [Lap] {
        guard let directory = try StateDirectory.open(directoryPath, lock: .shared, on: fileSystem),
            let stored = try readStored(name, on: machine, in: directory)
        else { throw StopwatchError.noSuchStopwatch(name) }
        do {
            switch stored.source {
            case .journal(let file, _):
                return try readJournalLaps(file, of: name, count: stored.state.lapCount, in: directory)
            case .stateFile(let committed):
                return committed.count > 0 ? try readLaps(of: name, committed: committed, in: directory) : []
            }
        } catch var failure as StoreFailure where failure.kind == .invalidData {
            failure.remedy = failure.remedy ?? .deleteForce(name)
            throw failure
        }
    }

    /// Every lap of a journal (`JournalLaps`).
    private func readJournalLaps(_ file: String, of name: StopwatchName, count: Int, in directory: StateDirectory)
        throws -> [Lap]
    {
        guard let laps = try JournalLaps.read(file, in: directory, count: count) else {
            throw StopwatchError.noSuchStopwatch(name)
        }
        return laps
    }

    /// The committed laps of `name` in a lap file, which the state file's `committed` record describes.
    private func readLaps(of name: StopwatchName, committed: LapLogEntity, in directory: StateDirectory) throws -> [Lap]
    {
        let file = Self.lapFile(name)
        let length = committed.bytes ?? 0
        let bytes = try directory.read(file, limit: length, exactly: true) ?? []
        guard bytes.count == length else {
            throw StoreFailure(
                .invalidData, path: directory.pathOf(file), reason: .lapFileMissing(laps: committed.count))
        }
        let laps = try decodeLapLines(bytes, path: directory.pathOf(file))
        guard laps.count == committed.count, laps.enumerated().allSatisfy({ $0.element.number == $0.offset + 1 }) else {
            throw StoreFailure(
                .invalidData, path: directory.pathOf(file), reason: .lapsOutOfOrder(laps: committed.count))
        }
        return laps
    }

    public func loadAll() throws -> StopwatchListing {
        guard let directory = try StateDirectory.open(directoryPath, lock: .shared, on: fileSystem) else {
            return StopwatchListing()
        }
        return try listing(in: directory)
    }

    /// Every stopwatch in `directory`, those that cannot be read among the failures: for each
    /// name, the one it means (`readStored`), then any other machine's of the name in use there
    /// (running, paused, expired: not reset), which history and the bars show too.
    func listing(in directory: StateDirectory) throws -> StopwatchListing {
        let files = try directory.fileNames()
        let names = Self.names(among: files)
        let others = otherJournalFiles(among: files)
        var listing = StopwatchListing(names: names)
        listing.machine = machine.host
        for name in names {
            let meant: Stored?
            do {
                meant = try readStored(name, in: directory, others: others)
            } catch {
                listing.failures.append(error)
                continue
            }
            guard let meant else { continue }
            listing.stopwatches.append(meant.state)
            // Another machine's in use means the name: this machine's own, reset, stands aside.
            if meant.state.runsOn != nil {
                do {
                    if let own = try readJournal(journalFile(name), of: name, in: directory) {
                        listing.shadowed.append(own.state)
                    }
                } catch {
                    listing.failures.append(error)
                }
            }
            for file in otherJournalFiles(of: name, among: others) where !meant.isRead(from: file) {
                do {
                    if let other = try readJournal(file, of: name, in: directory), other.state.status != .initial {
                        listing.stopwatches.append(other.state)
                    }
                } catch {
                    listing.failures.append(error)
                }
            }
        }
        return listing
    }

    @discardableResult
    public func update(
        _ name: StopwatchName,
        _ transform: (StopwatchState?) throws -> StopwatchChange?
    ) throws -> StopwatchChange? {
        let directory = try StateDirectory.create(directoryPath, lock: .exclusive, on: fileSystem)
        try directory.removeLeftovers(where: isLeftover)
        let stored = try readStored(name, in: directory)
        try Self.checkRunsHere(stored?.state)
        guard let change = try transform(stored?.state) else { return nil }

        let journal = journalFile(name)
        let lap = change.appendedLap.map(LapEntity.init)
        if let lap {
            try checkWritable(directory, journal) { () throws(EntityError) in _ = try lap.lap() }
        }
        let entity = entity(change.state)
        try checkWritable(directory, journal) { () throws(EntityError) in _ = try entity.state(expecting: name) }
        let line = JournalLine(state: entity, lap: lap).bytes
        // The run this change ends goes to history first, its laps before its record: a power cut
        // after it leaves the run current, and its record hidden until a later change ends it again.
        try keep(change.recorded, of: stored, name: name, in: directory)
        let clearsLaps = change.state.lapCount == 0 && (stored?.state.lapCount ?? 0) > 0
        switch stored?.source {
        case .journal(journal, let end)? where !clearsLaps:
            // The common change: one line, one sync.
            try directory.append(line, to: journal, at: end)
        case .journal(Self.journalFile(name), _)?:
            // Carried over from the journal 0.4.0 wrote: its lines (unless this change clears the
            // laps), then the new one, as this machine's journal; the old one goes once it is in
            // place, or with the next change's leftovers.
            let lines = clearsLaps ? [] : try stored.map { try journalBytes(of: $0, name: name, in: directory) } ?? []
            try directory.replace(journal, with: lines + line)
            try? directory.remove(Self.journalFile(name))
        case .stateFile(let committed)?:
            // Carried over from a state file: its laps (unless this change clears them), then the
            // new line, as a new journal; the old files go once it is in place.
            var lines: [UInt8] = []
            if !clearsLaps, committed.count > 0 {
                for old in try readLaps(of: name, committed: committed, in: directory) {
                    lines += JournalLine(state: nil, lap: LapEntity(old)).bytes
                }
            }
            try directory.replace(journal, with: lines + line)
            try? directory.remove(Self.stateFile(name))
            try? directory.remove(Self.lapFile(name))
        case .journal?, nil:
            // A new stopwatch, laps cleared, or one another machine reset taken up here: a journal
            // of one line in place of any other of this machine's.
            try directory.replace(journal, with: line)
        }
        return change
    }

    public func names() throws -> [StopwatchName] {
        guard let directory = try StateDirectory.open(directoryPath, lock: .shared, on: fileSystem) else { return [] }
        return Self.names(among: try directory.fileNames())
    }

    /// Every one is read (and so checked) before any is removed. For each, removing the state file
    /// is the commit point; the lap file goes after it, and one left behind by a failure or a power
    /// cut is removed by the next command that writes (`removeLeftovers`).
    public func delete(
        _ names: [StopwatchName], on machines: [StopwatchName: String], recording: ([StopwatchState]) -> HistoryChange?
    ) throws {
        guard let directory = try StateDirectory.open(directoryPath, lock: .exclusive, on: fileSystem) else {
            throw StopwatchError.noSuchStopwatch(names[0])
        }
        var deleted: [Stored] = []
        for name in names {
            guard let found = try readStored(name, on: machines[name], in: directory) else {
                throw StopwatchError.noSuchStopwatch(name)
            }
            deleted.append(found)
        }
        try keepDeleted(deleted, recording: recording, in: directory)
        try remove(deleted, from: directory)
    }

    public func deleteAll(where condition: (StopwatchState) -> Bool, recording: ([StopwatchState]) -> HistoryChange?)
        throws -> [StopwatchName]
    {
        guard let directory = try StateDirectory.open(directoryPath, lock: .exclusive, on: fileSystem) else {
            return []
        }
        var deleted: [Stored] = []
        let files = try directory.fileNames()
        let others = otherJournalFiles(among: files)
        for name in Self.names(among: files) {
            guard let stored = try readStored(name, in: directory, others: others), condition(stored.state) else {
                continue
            }
            deleted.append(stored)
        }
        try keepDeleted(deleted, recording: recording, in: directory)
        try remove(deleted, from: directory)
        return deleted.map(\.state.name)
    }

    /// Keeps the stopwatches about to be deleted in history: the journals of those with laps,
    /// then the change `recording` makes of them.
    private func keepDeleted(
        _ deleted: [Stored], recording: ([StopwatchState]) -> HistoryChange?, in directory: StateDirectory
    ) throws {
        guard let change = recording(deleted.map(\.state)) else { return }
        let history = historyFile(in: directory)
        for stored in deleted where stored.state.lapCount > 0 {
            guard let key = stored.state.runKey else { continue }
            try history.keepJournal(try journalBytes(of: stored, name: stored.state.name, in: directory), of: key)
        }
        try history.append(change)
    }

    /// The files of each name that `readStored` would read are checked (regular files or symlinks
    /// only) before any is removed; their contents are never read. Another machine's journal is
    /// removed only when this machine has no file of the name.
    public func deleteFiles(of names: [StopwatchName]) throws {
        guard let directory = try StateDirectory.open(directoryPath, lock: .exclusive, on: fileSystem) else {
            throw StopwatchError.noSuchStopwatch(names[0])
        }
        let files = try directory.fileNames()
        var removed: [[String]] = []
        for name in names {
            var found: [String] = []
            for file in [journalFile(name), Self.journalFile(name), Self.stateFile(name), Self.lapFile(name)]
            where try directory.removableKind(of: file) != nil {
                found.append(file)
            }
            if found.isEmpty {
                for file in otherJournalFiles(of: name, among: files) where try directory.removableKind(of: file) != nil
                { found.append(file) }
            }
            if found.isEmpty { throw StopwatchError.noSuchStopwatch(name) }
            removed.append(found)
        }
        try remove(files: removed, from: directory)
    }

    /// Removes the files `stored` was read from.
    func remove(_ stored: [Stored], from directory: StateDirectory) throws {
        try remove(
            files: stored.map { stored in
                switch stored.source {
                case .journal(let file, _): [file]
                case .stateFile: [Self.stateFile(stored.state.name), Self.lapFile(stored.state.name)]
                }
            },
            from: directory
        )
    }

    /// Removes each stopwatch's `files`. The journals and state files go first, and are synced
    /// gone before any lap file goes: a power cut must never keep a state file whose laps were
    /// removed (the directory's entries reach the disk in no set order until it is synced).
    private func remove(files: [[String]], from directory: StateDirectory) throws {
        guard !files.isEmpty else { return }
        try directory.removeLeftovers(where: isLeftover)
        for file in files.joined() where !file.hasSuffix(Self.lapSuffix) {
            try directory.remove(file)
        }
        try directory.syncDirectory()
        for file in files.joined() where file.hasSuffix(Self.lapSuffix) {
            try? directory.remove(file)
        }
    }

}
