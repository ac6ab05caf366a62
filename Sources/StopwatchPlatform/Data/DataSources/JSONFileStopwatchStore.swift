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

    func history(in directory: StateDirectory) -> HistoryFile {
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
        let history = history(in: directory)
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

    public func load(_ name: StopwatchName) throws -> StopwatchState? {
        guard let directory = try StateDirectory.open(directoryPath, lock: .shared, on: fileSystem) else {
            return nil
        }
        return try readStored(name, in: directory)?.state
    }

    public func laps(of name: StopwatchName) throws -> [Lap] {
        guard let directory = try StateDirectory.open(directoryPath, lock: .shared, on: fileSystem),
            let stored = try readStored(name, in: directory)
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
    public func delete(_ names: [StopwatchName], recording: ([StopwatchState]) -> HistoryChange?) throws {
        guard let directory = try StateDirectory.open(directoryPath, lock: .exclusive, on: fileSystem) else {
            throw StopwatchError.noSuchStopwatch(names[0])
        }
        var deleted: [Stored] = []
        for name in names {
            guard let found = try readStored(name, in: directory) else { throw StopwatchError.noSuchStopwatch(name) }
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
        let history = history(in: directory)
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

    /// The stopwatches among the `files` of a directory: the names of its journals (`NAME.jsonl`
    /// and `NAME@MACHINE.jsonl`, not a sync engine's copy of one) and state files (`NAME.json`),
    /// each once, sorted.
    static func names(among files: [String]) -> [StopwatchName] {
        var names: [StopwatchName] = []
        for file in files {
            var stem: Substring
            if file.hasSuffix(journalSuffix) {
                stem = file.dropLast(journalSuffix.count)
                if let at = stem.utf8.firstIndex(of: UInt8(ascii: "@")) {
                    guard isMachineJournal(file) else { continue }
                    stem = stem[..<at]
                }
            } else if file.hasSuffix(stateSuffix) {
                stem = file.dropLast(stateSuffix.count)
            } else {
                continue
            }
            if let name = StopwatchName(String(stem)) { names.append(name) }
        }
        // Each once (a name's journals of several machines, its older files), sorted: a sort where
        // a set would cost a bar the runtime's metadata of one, made at its first use.
        var unique: [StopwatchName] = []
        for name in names.sorted() where unique.last != name { unique.append(name) }
        return unique
    }

    /// What `StateDirectory.removeLeftovers` asks of each file: `isLeftover(_:among:ownSuffix:)`.
    var isLeftover: (String, Set<String>) -> Bool {
        let suffix = "@" + machine.hex + Self.journalSuffix
        return { file, present in Self.isLeftover(file, among: present, ownSuffix: suffix) }
    }

    /// Whether `file`, among the `present` ones, is what an earlier write left behind: a lap file
    /// whose state file is gone (a `delete` that could not remove it after its commit), or a
    /// stopwatch's older files once this machine has its journal: the journal 0.4.0 wrote, a state
    /// file and its lap file (carried over, not yet removed). `suffix` ends this machine's
    /// journals (`@MACHINE.jsonl`).
    static func isLeftover(_ file: String, among present: Set<String>, ownSuffix suffix: String) -> Bool {
        if file.hasSuffix(Self.lapSuffix) {
            let stem = file.dropLast(Self.lapSuffix.count)
            return !present.contains(stem + Self.stateSuffix) || present.contains(stem + Self.journalSuffix)
                || present.contains(stem + suffix)
        }
        if file.hasSuffix(Self.stateSuffix) {
            let stem = file.dropLast(Self.stateSuffix.count)
            return present.contains(stem + Self.journalSuffix) || present.contains(stem + suffix)
        }
        if file.hasSuffix(Self.journalSuffix), !file.contains("@") {
            return present.contains(file.dropLast(Self.journalSuffix.count) + suffix)
        }
        return false
    }

    /// Creates the state directory if it is missing, checking it as every command does, so that it
    /// can be watched for changes before the first one.
    public static func prepareDirectory(_ path: String) throws {
        _ = try StateDirectory.create(path, lock: .shared, on: SystemFileSystem())
    }

    /// The suffixes of a stopwatch's files: its journal; and as 0.2.0 and 0.3.0 wrote them, its
    /// state file and its lap file. Named here alone; the state directory knows none of them.
    static let journalSuffix = ".jsonl", stateSuffix = ".json", lapSuffix = ".laps"

    /// The journal 0.4.0 wrote, of whichever machine: read when this machine has none of its own.
    static func journalFile(_ name: StopwatchName) -> String { name.rawValue + journalSuffix }
    static func stateFile(_ name: StopwatchName) -> String { name.rawValue + stateSuffix }
    static func lapFile(_ name: StopwatchName) -> String { name.rawValue + lapSuffix }

    /// This machine's journal of `name`, the only one it writes.
    func journalFile(_ name: StopwatchName) -> String { name.rawValue + "@" + machine.hex + Self.journalSuffix }

    /// The journals other machines keep of `name` among `files`, sorted.
    func otherJournalFiles(of name: StopwatchName, among files: [String]) -> [String] {
        guard !files.isEmpty else { return [] }
        let prefix = name.rawValue + "@"
        let own = journalFile(name)
        return files.filter {
            $0.hasPrefix(prefix) && $0.utf8.count == prefix.utf8.count + Self.machineSuffixLength
                && Self.isMachineJournal($0) && $0 != own
        }.sorted()
    }

    /// The journals other machines keep among `files`, of any name: a listing looks for each
    /// name's among these, most often none.
    func otherJournalFiles(among files: [String]) -> [String] {
        let own = "@" + machine.hex + Self.journalSuffix
        return files.filter { Self.isMachineJournal($0) && !$0.hasSuffix(own) }
    }

    /// The length of `MACHINE.jsonl`: 16 hex digits and the suffix.
    static let machineSuffixLength = 16 + journalSuffix.utf8.count

    /// Whether `file` ends as a machine's journal does, `@` then 16 lowercase hex digits and
    /// `.jsonl`: a sync engine's copy of one (`NAME@MACHINE.sync-conflict-….jsonl`) is none.
    static func isMachineJournal(_ file: String) -> Bool {
        let bytes = file.utf8
        guard bytes.count > machineSuffixLength + 1, file.hasSuffix(journalSuffix) else { return false }
        let end = bytes.index(bytes.endIndex, offsetBy: -journalSuffix.utf8.count)
        let start = bytes.index(end, offsetBy: -16)
        guard bytes[bytes.index(before: start)] == UInt8(ascii: "@") else { return false }
        return bytes[start..<end].allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
        }
    }

    /// The state of `name`, decoded and checked, or nil when it has no file; reading it is how
    /// every command refuses to touch a stopwatch whose file is invalid. A failure names its way
    /// out: `delete --force`, unless it is something only a person should remove.
    ///
    /// Which file: this machine's journal, unless it is reset; else the file 0.4.0 or an earlier
    /// version wrote (`NAME.jsonl`, or `NAME.json`), when this machine has no journal; else the
    /// first, in their files' order, of the other machines' journals that is not reset (the name
    /// is in use there, as it was when machines shared one file); else this machine's journal,
    /// reset, or another's. Only a name with no journal here, or a reset one, has the directory's
    /// files listed, when the caller has not listed the other machines' journals (`others`, as
    /// `otherJournalFiles(among:)` finds them).
    func readStored(_ name: StopwatchName, in directory: StateDirectory, others listed: [String]? = nil) throws
        -> Stored?
    {
        do {
            let ownFile = journalFile(name)
            let own = try readJournal(ownFile, of: name, in: directory)
            if let own, own.state.status != .initial { return own }
            if own == nil {
                if let stored = try readJournal(Self.journalFile(name), of: name, in: directory)
                    ?? readStateFile(name, in: directory)
                {
                    return stored
                }
            }
            var first: Stored?
            for file in otherJournalFiles(of: name, among: try listed ?? directory.fileNames()) {
                guard let stored = try readJournal(file, of: name, in: directory) else { continue }
                if stored.state.status != .initial { return stored }
                first = first ?? stored
            }
            return own ?? first
        } catch var failure as StoreFailure where failure.kind == .invalidData {
            failure.remedy = failure.remedy ?? .deleteForce(name)
            throw failure
        }
    }

    /// The last whole line of the journal `file` of `name`, read from its end: a window of it
    /// first, all of it only when the window holds no whole line.
    private func readJournal(_ file: String, of name: StopwatchName, in directory: StateDirectory) throws -> Stored? {
        let path = directory.pathOf(file)
        var window = Self.tailWindow
        while true {
            guard let (bytes, start) = try directory.readTail(file, count: window) else { return nil }
            guard !(bytes.isEmpty && start == 0) else { throw StoreFailure(.invalidData, path: path, reason: .empty) }
            // Lines end at a newline; a first line that may begin before the window is not read.
            var end = bytes.count
            while let newline = bytes[..<end].lastIndex(of: UInt8(ascii: "\n")) {
                let lineStart = (bytes[..<newline].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
                if lineStart == 0, start > 0 { break }
                let line = bytes[lineStart..<newline]
                end = lineStart
                guard JournalLine.isWhole(line) else { continue }
                guard let entity = try Self.decodeLine(line, path: path, number: nil).state else {
                    throw StoreFailure(.invalidData, path: path, reason: .endsWithoutState)
                }
                var state: StopwatchState
                do {
                    state = try entity.state(expecting: name)
                } catch {
                    throw StoreFailure(.invalidData, path: path, reason: .invalid(error))
                }
                if let writer = entity.machine, writer != machine.hex {
                    state.runsOn = entity.host.flatMap { $0.isEmpty ? nil : $0 } ?? writer
                    state.runsOnID = writer
                }
                return Stored(state: state, source: .journal(file: file, end: start + Int64(newline) + 1))
            }
            guard start > 0 else { throw StoreFailure(.invalidData, path: path, reason: .noWholeLine) }
            window = window > Int.max / 4 ? Int.max : window * 4
        }
    }

    /// A whole journal line decoded; `number` counts it from 1 when the whole file is read.
    static func decodeLine(_ line: ArraySlice<UInt8>, path: String, number: Int?) throws -> JournalLine {
        do {
            return try JournalLine(json: try JSONReader.read(Array(line)))
        } catch is JSONReader.Failure {
            throw StoreFailure(.invalidData, path: path, reason: number.map { .lineNotJSON($0) } ?? .notJSON)
        } catch let error as JSONFieldError {
            throw StoreFailure(
                .invalidData, path: path, reason: number.map { .lineBadShape($0, error) } ?? .badShape(error))
        }
    }

    /// The version 1 or 2 state file of `name`, as written before 0.4.0, with its lap file checked.
    private func readStateFile(_ name: StopwatchName, in directory: StateDirectory) throws -> Stored? {
        let file = Self.stateFile(name)
        guard let bytes = try directory.read(file, limit: Self.stateFileLimit) else { return nil }
        let path = directory.pathOf(file)
        guard !bytes.isEmpty else { throw StoreFailure(.invalidData, path: path, reason: .empty) }
        let entity: StopwatchFileEntity
        do {
            entity = try StopwatchFileEntity(json: try JSONReader.read(bytes))
        } catch is JSONReader.Failure {
            throw StoreFailure(.invalidData, path: path, reason: .notJSON)
        } catch let error as JSONFieldError {
            throw StoreFailure(.invalidData, path: path, reason: .badShape(error))
        }
        let state: StopwatchState
        do {
            state = try entity.state(expecting: name, inJournal: false)
        } catch {
            throw StoreFailure(.invalidData, path: path, reason: .invalid(error))
        }
        try directory.checkAppendOnlyFile(Self.lapFile(name), committed: entity.laps.bytes ?? 0)
        return Stored(state: state, source: .stateFile(entity.laps))
    }

    /// Runs the checks a file read back would face on what is about to be written to `file`, so
    /// the store never writes a file it would refuse; only an absurd clock or a stopwatch run for
    /// centuries can fail them.
    func checkWritable(_ directory: StateDirectory, _ file: String, _ check: () throws(EntityError) -> Void) throws {
        do {
            try check()
        } catch {
            throw StoreFailure(.invalidData, path: directory.pathOf(file), reason: .unwritable(error))
        }
    }

    /// The laps of the committed lines of a lap file, each checked; a bad one is named by its line.
    private func decodeLapLines(_ bytes: [UInt8], path: String) throws -> [Lap] {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        var laps: [Lap] = []
        laps.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated() {
            do {
                laps.append(try LapEntity(json: try JSONReader.read(Array(line))).lap())
            } catch is JSONReader.Failure {
                throw StoreFailure(.invalidData, path: path, reason: .lineNotJSON(index + 1))
            } catch let error as JSONFieldError {
                throw StoreFailure(.invalidData, path: path, reason: .lineBadShape(index + 1, error))
            } catch let error as EntityError {
                throw StoreFailure(.invalidData, path: path, reason: .lineInvalid(index + 1, error))
            }
        }
        return laps
    }

}
