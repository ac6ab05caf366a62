import Dispatch
import Glibc
import StopwatchCore
import Synchronization

/// History's files in the state directory (docs/state-format.md, "History"): each machine's
/// `history/events-MACHINE.tsv`, every change it made a line a `HistoryLine`, only ever appended
/// to and only by that machine; `history/events.tsv`, the changes made before machines had files of
/// their own, and 0.4.0's `history/runs.tsv`, both read as they are; and
/// `history/NAME@START.jsonl`, the journal of a run that had laps when it ended. Reading is a
/// merge of every machine's changes (`HistoryLog.merging`).
///
/// It is used only under the state directory's lock, which the store holds: the history directory
/// is opened and locked after it, always in that order. A change is appended and synced before
/// the stopwatches it ends a run of are changed; a power cut between the two leaves the run
/// current and its record in history, which a reader leaves out while the run is current (by its
/// id), so a run is never both, and never neither.
struct HistoryFile {
    static let directoryName = "history"
    /// The changes made before each machine had a file of its own (lines of version 2): read as
    /// the first of them, never written.
    static let firstEventsFileName = "events.tsv"
    /// 0.4.0's history, read and never written.
    static let earlierFileName = "runs.tsv"
    /// The file is read whole for a listing or a report: a hundred thousand runs are about 20 MB.
    static let sizeLimit: Int64 = 1 << 30

    let stateDirectory: StateDirectory
    let zone: any LocalTimeZone
    let fileSystem: any FileSystem
    /// The machine whose file this one appends to.
    let machine: MachineID

    var path: String { stateDirectory.pathOf(Self.directoryName) }

    /// The one file this machine appends its changes to: `events-MACHINE.tsv`.
    var ownFileName: String { "events-" + machine.hex + ".tsv" }

    /// This machine's snapshot of the runs (`HistorySnapshotFile`): a cache of its own, so that
    /// machines sharing the directory never write one file.
    var snapshotFileName: String { HistorySnapshotFile.fileName + "-" + machine.hex }

    /// Whether `file` holds a machine's changes: its file, or a copy of one that a sync engine
    /// left beside it (`events-MACHINE.sync-conflict-….tsv`, `events-MACHINE (conflicted copy).tsv`),
    /// whose changes count once with the file's.
    static func isMachineFile(_ file: String) -> Bool {
        file.hasPrefix("events-") && file.hasSuffix(".tsv")
    }

    /// The files of changes there are: `events.tsv` first, when there is one, then every
    /// machine's, by name.
    func changeFiles(in directory: StateDirectory) throws -> [String] {
        let names = try directory.fileNames()
        return (names.contains(Self.firstEventsFileName) ? [Self.firstEventsFileName] : [])
            + names.filter(Self.isMachineFile).sorted()
    }

    /// The file that keeps the journal, and so the laps, of the run `key`: `NAME@START.jsonl`,
    /// START its first start in microseconds since the epoch.
    static func lapsFile(of key: RunKey) -> String {
        key.name.rawValue + "@" + String(key.start.wholeMicroseconds) + ".jsonl"
    }

    /// Keeps `journal`, the whole lines of the journal of the run `key` (its laps among them), once
    /// it ends: written whole (a temporary file renamed over, synced) before the change that ends
    /// it is appended, so a run in history always has its laps, and `undo` can put them back.
    func keepJournal(_ journal: [UInt8], of key: RunKey) throws {
        let directory = try StateDirectory.create(path, lock: .exclusive, on: fileSystem)
        // What a write killed part way left (`.NAME@START.jsonl.tmp`): under this lock no other
        // write is under way.
        try directory.removeLeftovers { _, _ in false }
        try directory.replace(Self.lapsFile(of: key), with: journal)
    }

    /// The journal kept for the run `key`, or nil when none was (it had no laps).
    func keptJournal(of key: RunKey) throws -> [UInt8]? {
        guard let directory = try StateDirectory.open(path, lock: .shared, on: fileSystem) else { return nil }
        return try directory.read(Self.lapsFile(of: key), limit: Self.sizeLimit)
    }

    /// The laps `run` had when it was recorded.
    func laps(of run: RunRecord) throws -> [Lap] {
        guard run.lapCount > 0 else { return [] }
        let file = Self.lapsFile(of: run.recordedAs)
        guard let directory = try StateDirectory.open(path, lock: .shared, on: fileSystem),
            let laps = try JournalLaps.read(file, in: directory, count: run.lapCount)
        else { throw StoreFailure(.invalidData, path: path + "/" + file, reason: .lapFileMissing(laps: run.lapCount)) }
        return laps
    }

    /// Appends `change` to this machine's file and syncs it: one append, one sync, however many
    /// lines. Its sequence is one more than the highest of any machine's file: it comes after every
    /// change this machine has seen.
    func append(_ change: HistoryChange) throws {
        guard !change.events.isEmpty else { return }
        let directory = try StateDirectory.create(path, lock: .exclusive, on: fileSystem)
        let own = ownFileName
        let tail = try directory.readTail(own, count: 64 * 1024)
        var sequence = tail.flatMap { Self.lastSequence(in: $0.bytes) } ?? 0
        for file in try changeFiles(in: directory) where file != own && file != Self.firstEventsFileName {
            sequence = max(sequence, try lastSequence(of: file, in: directory))
        }
        let bytes = HistoryLine.lines(
            of: change, sequence: sequence + 1, zone: zone, machine: machine.host, machineID: machine.hex)
        // What is written must read back: the same checks as a reader's.
        var names: [StopwatchName] = []
        var start = 0
        while let newline = bytes.firstNewline(from: start) {
            do {
                guard try HistoryLine.decode(bytes[start..<newline], names: &names) != nil else {
                    preconditionFailure("a history line fails its own check")
                }
            } catch {
                throw StoreFailure(.invalidData, path: path + "/" + own, reason: .invalid(error))
            }
            start = newline + 1
        }
        try directory.append(bytes, to: own, at: tail.map { Self.endOfLastChange(in: $0.bytes, at: $0.start) } ?? 0)
        if tail == nil { try directory.syncDirectory() }
    }

    /// The size of `events.tsv` from which a reader of runs keeps a snapshot (`HistorySnapshotFile`)
    /// and reads it with the changes since, not the whole (`defaultSnapshotSize`).
    var snapshotSize: Int64 = Self.defaultSnapshotSize
    /// 1 MiB, some 5,000 runs: below it, reading the whole costs less than a few milliseconds.
    static let defaultSnapshotSize: Int64 = 1 << 20
    /// How many bytes of changes since a snapshot make a reader keep a new one: every change
    /// since is read and applied by every reader (some 5 µs each for a correction), and a new
    /// snapshot of a hundred thousand runs costs some 0.1 s to make.
    var renewalSize: Int64 { min(snapshotSize, Self.defaultRenewalSize) }
    static let defaultRenewalSize: Int64 = 128 << 10

    /// History for its runs: from the snapshot kept and the changes appended since when the
    /// snapshot is of these files, every change since comes after all it covers (a higher
    /// sequence), and none undoes or redoes one made before it; else the whole, keeping a snapshot
    /// of it when the files are long. A snapshot that cannot be kept (a read-only directory, a
    /// full disk) is no error: the next reader reads the whole again.
    func readRuns() throws -> HistoryLog {
        guard let directory = try StateDirectory.open(path, lock: .shared, on: fileSystem) else { return HistoryLog() }
        let files = try changeFiles(in: directory)
        let sizes = try Self.sizes(of: files, in: directory)
        guard !files.isEmpty, sizes.values.reduce(0, +) >= snapshotSize else {
            return try readWhole(in: directory, files: files, states: false).log
        }
        if let bytes = try? directory.read(snapshotFileName, limit: Self.sizeLimit),
            let kept = HistorySnapshotFile(bytes),
            let log = try after(kept, files: files, in: directory)
        {
            return log
        }
        let (log, coverage) = try readWhole(in: directory, files: files, states: false)
        return keep(log, coverage, in: directory)
    }

    /// History for its runs as `readRuns` gives it, for a change to find the few runs it needs: a
    /// snapshot is read by pages as they are asked for (`HistorySnapshotFile.paged`), not whole.
    /// Returns the pages too: when one failed its check (`PagedSnapshotBytes.failed`), what was
    /// read is set aside and the whole log read. No snapshot, or one not of these files: as
    /// `readRuns`, and so is one that is due to be renewed.
    func readRunsByPages() throws -> (log: HistoryLog, pages: PagedSnapshotBytes?) {
        guard let directory = try StateDirectory.open(path, lock: .shared, on: fileSystem) else {
            return (HistoryLog(), nil)
        }
        let files = try changeFiles(in: directory)
        let sizes = try Self.sizes(of: files, in: directory)
        // One to renew (as many changes since as make one worth keeping) is read whole, to be
        // written whole again.
        guard sizes.values.reduce(0, +) >= snapshotSize, let opened = try? directory.openForReading(snapshotFileName),
            let (kept, pages) = HistorySnapshotFile.paged(opened), Self.sizeSince(kept, sizes) < max(renewalSize, 1),
            let log = try after(kept, files: files, in: directory)
        else { return (try readRuns(), nil) }
        return (log, pages)
    }

    /// The size of each of `files`.
    private static func sizes(of files: [String], in directory: StateDirectory) throws -> [String: Int64] {
        var sizes: [String: Int64] = [:]
        for file in files { sizes[file] = try directory.size(of: file) ?? 0 }
        return sizes
    }

    /// How many bytes of changes have come since `kept`, in files of `sizes`.
    private static func sizeSince(_ kept: HistorySnapshotFile, _ sizes: [String: Int64]) -> Int64 {
        let covered = Dictionary(kept.files.map { ($0.name, $0.source.size) }, uniquingKeysWith: { first, _ in first })
        return sizes.reduce(0) { $0 + max(0, $1.value - (covered[$1.key] ?? 0)) }
    }

    /// The latest changes, those in the last `bytes` bytes of each file of changes from where a
    /// change begins (`HistoryLog.Beginning.later`), merged, from the sequence on which every
    /// file's part holds all: the whole when every file is no longer than that.
    func readLatest(_ bytes: Int) throws -> HistoryLog {
        guard let directory = try StateDirectory.open(path, lock: .shared, on: fileSystem) else { return HistoryLog() }
        let files = try changeFiles(in: directory)
        var logs: [HistoryLog] = []
        var from = Int64.min
        var isWhole = true
        for file in files {
            let size = try directory.size(of: file) ?? 0
            let part: Part
            if size > Int64(bytes) {
                guard let (tail, _) = try directory.read(file, from: size - Int64(bytes), limit: Self.sizeLimit),
                    let first = tail.firstNewline(from: 0).map({ $0 + 1 }),
                    let cut = Self.changeBoundary(in: tail, near: first - 1)
                else { return try readWhole(in: directory, files: files, states: true).log }
                part = Self.changes(in: tail, cut..<tail.count, states: true, file: path + "/" + file)
                guard !part.wasOutOfOrder else { return try readWhole(in: directory, files: files, states: true).log }
                isWhole = false
                // Before its first change there may be changes of this file missing; a part with
                // none tells nothing of them (read further).
                from = max(from, part.log.entries.first?.sequence ?? .max)
            } else {
                guard let whole = try directory.read(file, limit: Self.sizeLimit) else { continue }
                part = Self.changes(in: whole, 0..<whole.count, states: true, file: path + "/" + file)
            }
            logs.append(part.log)
        }
        guard !isWhole else { return try readWhole(in: directory, files: files, states: true).log }
        var log = HistoryLog.merging(logs, from: from)
        log.beginning = .later
        // Damaged lines are not numbered here: a change is what undo asks of this reading.
        log.damaged = []
        return log
    }

    /// Every change, in the order made (`readWhole`).
    func read(states: Bool) throws -> HistoryLog {
        guard let directory = try StateDirectory.open(path, lock: .shared, on: fileSystem) else { return HistoryLog() }
        return try readWhole(in: directory, files: try changeFiles(in: directory), states: states).log
    }

    /// History after `kept`, or nil when `kept` is not of these files (each it covers there, as
    /// long or longer, with the same first and last bytes), a change since has a sequence no
    /// higher than those it covers (it belongs among them: a machine's changes that arrived
    /// late), or one undoes or redoes a change before it. `files` are the files of changes there
    /// are; those it does not cover are read whole. Keeps a new snapshot when the changes since are many.
    private func after(_ kept: HistorySnapshotFile, files: [String], in directory: StateDirectory) throws -> HistoryLog?
    {
        // 0.4.0's file is never written: the same bytes, or the snapshot is of another.
        guard try matches(kept.earlier, Self.earlierFileName, whole: true, in: directory) else { return nil }
        for covered in kept.files {
            guard try matches(covered.source, covered.name, whole: false, in: directory) else { return nil }
        }
        let covered = Dictionary(
            kept.files.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
        var logs: [HistoryLog] = []
        // A damaged line past what the snapshot covers of its file is read again with the rest.
        var damaged = kept.damaged.filter { line in line.file.map { line.line <= kept.files[$0].lines } ?? true }.map {
            line in
            DamagedLine(
                file: path + "/" + (line.file.map { kept.files[$0].name } ?? Self.earlierFileName), line: line.line)
        }
        var coverage = Coverage(earlier: kept.earlier, files: [], sequence: kept.sequence)
        var since: Int64 = 0
        for name in files {
            let before = covered[name].map { kept.files[$0] }
            guard let (tail, _) = try directory.read(name, from: before?.source.size ?? 0, limit: Self.sizeLimit) else {
                return nil
            }
            let file = path + "/" + name
            var part = Self.changes(in: tail, 0..<tail.count, states: false, file: file)
            // Lines after the last whole change are what a torn append left: no damage, but for
            // one changed by hand.
            part.log.damaged.removeAll { $0.line > part.lastChangeLine && !part.editedLines.contains($0.line) }
            damaged += part.log.damaged.map { DamagedLine(file: file, line: $0.line + (before?.lines ?? 0)) }
            part.log.damaged = []
            logs.append(part.log)
            since += Int64(part.lastChangeEnd)
            coverage.files.append(
                Coverage.File(
                    name: name, end: (before?.source.size ?? 0) + Int64(part.lastChangeEnd),
                    lines: (before?.lines ?? 0) + part.coveredLines, bytes: nil)
            )
        }
        var log = HistoryLog.merging(logs)
        guard log.entries.allSatisfy({ $0.sequence > kept.sequence }) else { return nil }
        // An undo or redo since is read here only when what it undoes came since too.
        let ids = Set(log.entries.map(\.id))
        guard log.entries.allSatisfy({ $0.target.map(ids.contains) ?? true }) else { return nil }
        log.beginning = .after(kept.snapshot)
        log.damaged = damaged
        // As many bytes of changes since as make a snapshot worth keeping: a new one.
        guard since > 0, since >= renewalSize else { return log }
        coverage.sequence = max(kept.sequence, log.lastSequence)
        return keep(log, coverage, in: directory)
    }

    /// Whether `file` is the one `source` was made from: as long (or, unless `whole`, longer),
    /// with the same first and last bytes; both absent counts.
    private func matches(
        _ source: HistorySnapshotFile.Source?, _ file: String, whole: Bool, in directory: StateDirectory
    ) throws -> Bool {
        guard let size = try directory.size(of: file) else { return source == nil || source?.size == 0 }
        guard let source else { return !whole || size == 0 }
        guard whole ? size == source.size : size >= source.size else { return false }
        let ranges = source.checkedRanges
        guard let head = try directory.read(file, at: ranges.head.lowerBound, count: ranges.head.count),
            let tail = try directory.read(file, at: ranges.tail.lowerBound, count: ranges.tail.count)
        else { return false }
        return CRC32.checksum(head) == source.head && CRC32.checksum(tail) == source.tail
    }

    /// What a reading covered, for the snapshot kept of it.
    struct Coverage {
        var earlier: HistorySnapshotFile.Source?
        /// Each file of changes read.
        var files: [File]
        /// The highest sequence of the changes read.
        var sequence: Int64

        struct File {
            var name: String
            /// Its bytes up to the end of its last whole change.
            var end: Int64
            /// The lines up to there.
            var lines: Int
            /// Its bytes when they were read (else read again for their checks).
            var bytes: [UInt8]?
        }
    }

    /// `log` as a snapshot and nothing after it, the snapshot kept when its checks can be made.
    private func keep(_ log: HistoryLog, _ coverage: Coverage, in directory: StateDirectory) -> HistoryLog {
        let snapshot = log.snapshot()
        var kept = HistoryLog(beginning: .after(snapshot))
        kept.damaged = log.damaged
        var files: [HistorySnapshotFile.Covered] = []
        for file in coverage.files {
            let source: HistorySnapshotFile.Source
            if let bytes = file.bytes {
                source = HistorySnapshotFile.Source(bytes[...], size: Int(file.end))
            } else {
                let length = min(Int64(HistorySnapshotFile.checkedBytes), file.end)
                guard let head = try? directory.read(file.name, at: 0, count: Int(length)),
                    let tail = try? directory.read(file.name, at: file.end - length, count: Int(length))
                else { return kept }
                source = HistorySnapshotFile.Source(
                    size: file.end, head: CRC32.checksum(head), tail: CRC32.checksum(tail))
            }
            files.append(HistorySnapshotFile.Covered(name: file.name, source: source, lines: file.lines))
        }
        let numbers = Dictionary(
            files.enumerated().map { (path + "/" + $0.element.name, $0.offset) },
            uniquingKeysWith: { first, _ in first })
        let file = HistorySnapshotFile(
            earlier: coverage.earlier, files: files, sequence: coverage.sequence,
            damaged: log.damaged.map { HistorySnapshotFile.Damaged(file: numbers[$0.file], line: $0.line) },
            snapshot: snapshot
        )
        directory.replaceWithoutSync(snapshotFileName, with: file.bytes)
        return kept
    }

    /// Every change, in the order every reader gives them: 0.4.0's runs first, each a change of
    /// its own that nothing undoes (`kept`), then those of `events.tsv`, then every machine's,
    /// merged (`HistoryLog.merging`). A line whose check fails, or whose fields are
    /// wrong, is reported by its file and line number and passed over; a change with fewer whole
    /// lines than it counts (torn by a power cut before it was acknowledged, or cut short by a
    /// transfer) is passed over whole, and so are the lines after the last whole change,
    /// unreported: the remains of a torn append, which the next change cuts off
    /// (`endOfLastChange`). Without `states`, the stopwatches a change set are not read
    /// (`HistoryLine.decode`).
    private func readWhole(in directory: StateDirectory, files: [String], states: Bool) throws -> (
        log: HistoryLog, coverage: Coverage
    ) {
        var log = HistoryLog()
        var damaged: [DamagedLine] = []
        var names: [StopwatchName] = []
        var earlierSource: HistorySnapshotFile.Source?
        if let bytes = try directory.read(Self.earlierFileName, limit: Self.sizeLimit) {
            earlierSource = HistorySnapshotFile.Source(bytes[...], size: bytes.count)
            var earlier = HistoryLog()
            earlier.reserveCapacity(bytes.count / 80)
            forEachLine(of: bytes, file: Self.earlierFileName, damaged: &damaged) { line in
                guard let run = try RunLine.decode(line, names: &names) else { return false }
                earlier.appendEvent(.run(run))
                earlier.endChange(id: run.id, madeAt: run.endedAt, kind: .kept, eventCount: 1)
                return true
            }
            log = earlier
        }
        log.damaged = damaged
        var coverage = Coverage(earlier: earlierSource, files: [], sequence: 0)
        var machines: [HistoryLog] = []
        for file in files {
            guard let read = try readChanges(of: file, in: directory, states: states) else { continue }
            if file == Self.firstEventsFileName {
                log.append(contentsOf: read.log)
            } else {
                machines.append(read.log)
            }
            coverage.files.append(Coverage.File(name: file, end: read.end, lines: read.lines, bytes: read.bytes))
        }
        let merged = machines.isEmpty ? log : HistoryLog.merging([log] + machines)
        coverage.sequence = merged.lastSequence
        return (merged, coverage)
    }

    /// The whole changes of `file`, the end of the last (and the lines up to it), and its bytes;
    /// nil when there is no such file.
    private func readChanges(of file: String, in directory: StateDirectory, states: Bool) throws -> (
        log: HistoryLog, end: Int64, lines: Int, bytes: [UInt8]
    )? {
        guard let bytes = try directory.read(file, limit: Self.sizeLimit) else { return nil }
        let filePath = path + "/" + file
        // A long file in two halves side by side, each on a core, cut where a change begins:
        // `report` over a hundred thousand runs spends most of its time reading lines.
        var parts = [Part()]
        var offsets = [0]
        if bytes.count >= Self.splitSize, let cut = Self.changeBoundary(in: bytes, near: bytes.count / 2) {
            let ranges = [0..<cut, cut..<bytes.count]
            offsets = [0, cut]
            let read = Mutex<[Part]>([Part(), Part()])
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                // Each half its own copy: the lines of one array, sliced on two cores, bounced its
                // reference count between them, and the halves took as long as the whole.
                let own = Array(bytes[ranges[half]])
                let part = Self.changes(in: own, 0..<own.count, states: states, file: filePath)
                read.withLock { $0[half] = part }
            }
            parts = read.withLock { $0 }
        } else {
            parts = [Self.changes(in: bytes, 0..<bytes.count, states: states, file: filePath)]
        }
        var log = HistoryLog()
        var lines = 0
        var lastChangeLine = 0
        var lastChangeEnd = 0
        var coveredLines = 0
        var edited: Set<Int> = []
        for (var part, offset) in zip(parts, offsets) {
            part.log.damaged = part.log.damaged.map { DamagedLine(file: $0.file, line: $0.line + lines) }
            edited.formUnion(part.editedLines.map { $0 + lines })
            log.append(contentsOf: part.log)
            if part.lastChangeLine > 0 { lastChangeLine = lines + part.lastChangeLine }
            if part.coveredLines > 0 {
                lastChangeEnd = offset + part.lastChangeEnd
                coveredLines = lines + part.coveredLines
            }
            lines += part.lines
        }
        // Lines after the last whole change are what a torn append left, which the next change
        // cuts off: no damage. A line there changed by hand is damage all the same.
        log.damaged.removeAll { $0.file == filePath && $0.line > lastChangeLine && !edited.contains($0.line) }
        return (log, Int64(lastChangeEnd), coveredLines, bytes)
    }

    /// The size above which a file of changes is read in two halves: 4 MiB, some 20,000 runs.
    static let splitSize = 4 << 20

}
