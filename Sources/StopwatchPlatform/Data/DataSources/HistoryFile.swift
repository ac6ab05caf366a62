import StopwatchCore

/// History's files in the state directory (docs/state-format.md, "History"): `history/events.tsv`,
/// every change a line a `HistoryLine`, only ever appended to; 0.4.0's `history/runs.tsv`, read as
/// it is; and `history/NAME@START.jsonl`, the journal of a run that had laps when it ended.
///
/// It is used only under the state directory's lock, which the store holds: the history directory
/// is opened and locked after it, always in that order. A change is appended and synced before
/// the stopwatches it ends a run of are changed; a power cut between the two leaves the run
/// current and its record in history, which a reader leaves out while the run is current (by its
/// id), so a run is never both, and never neither.
struct HistoryFile {
    static let directoryName = "history"
    static let fileName = "events.tsv"
    /// 0.4.0's history, read and never written.
    static let earlierFileName = "runs.tsv"
    /// The file is read whole for a listing or a report: a hundred thousand runs are about 20 MB.
    static let sizeLimit: Int64 = 1 << 30

    let stateDirectory: StateDirectory
    let zone: any LocalTimeZone
    let fileSystem: any FileSystem

    var path: String { stateDirectory.pathOf(Self.directoryName) }

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

    /// Appends `change` and syncs it: one append, one sync, however many lines.
    func append(_ change: HistoryChange) throws {
        guard !change.events.isEmpty else { return }
        let bytes = HistoryLine.lines(of: change, zone: zone)
        // What is written must read back: the same checks as a reader's.
        var names: [StopwatchName] = []
        var start = 0
        while let newline = bytes.firstNewline(from: start) {
            do {
                guard try HistoryLine.decode(bytes[start..<newline], names: &names) != nil else { preconditionFailure("a history line fails its own check") }
            } catch {
                throw StoreFailure(.invalidData, path: path + "/" + Self.fileName, reason: .invalid(error))
            }
            start = newline + 1
        }
        let directory = try StateDirectory.create(path, lock: .exclusive, on: fileSystem)
        let tail = try directory.readTail(Self.fileName, count: 64 * 1024)
        try directory.append(bytes, to: Self.fileName, at: tail.map { Self.endOfLastChange(in: $0.bytes, at: $0.start) } ?? 0)
        if tail == nil { try directory.syncDirectory() }
    }

    /// Where the next change goes in a file whose last bytes are `tail`, from `start`: after the
    /// last change whose lines are all whole, so what a torn append left (lines of a change cut
    /// short, a line torn at a sector) is cut off; at the start, in a file that holds no whole
    /// change. When a longer file's tail holds none, after its last newline: nothing is cut that a
    /// torn append cannot have left.
    static func endOfLastChange(in tail: [UInt8], at start: Int64) -> Int64 {
        var names: [StopwatchName] = []
        // The whole lines from the end back, each with the offset just past it; nil for one that is not.
        var lines: [(line: HistoryLine?, end: Int)] = []
        var end = tail.endIndex
        while let newline = tail[..<end].lastIndex(of: UInt8(ascii: "\n")) {
            let lineStart = tail[..<newline].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            if lineStart == 0, start > 0 { break }
            lines.append(((try? HistoryLine.decode(tail[lineStart..<newline], names: &names, states: false)) ?? nil, newline + 1))
            end = lineStart
        }
        for (index, candidate) in lines.enumerated() {
            guard let last = candidate.line, last.part == last.count, index + last.count <= lines.count else { continue }
            let parts = lines[index..<(index + last.count)].compactMap(\.line)
            if parts.count == last.count, parts.enumerated().allSatisfy({ $0.element.change == last.change && $0.element.part == last.count - $0.offset }) {
                return start + Int64(candidate.end)
            }
        }
        guard start > 0 else { return 0 }
        if let newline = tail.lastIndex(of: UInt8(ascii: "\n")) { return start + Int64(newline) + 1 }
        return start + Int64(tail.count)
    }

    /// Every change, in the order made: 0.4.0's runs first, each a change of its own that nothing
    /// undoes (`kept`), then those of `events.tsv`. A line whose check fails, or whose fields are
    /// wrong, is reported by its line number and passed over; a change with fewer whole lines than
    /// it counts (torn by a power cut before it was acknowledged) is passed over whole, and so are
    /// the lines after the last whole change, unreported: the remains of a torn append, which the
    /// next change cuts off (`endOfLastChange`). Without
    /// `states`, the stopwatches a change set are not read (`HistoryLine.decode`).
    func read(states: Bool) throws -> HistoryLog {
        guard let directory = try StateDirectory.open(path, lock: .shared, on: fileSystem) else { return HistoryLog() }
        var changes: [HistoryChange] = []
        var damaged: [DamagedLine] = []
        var names: [StopwatchName] = []
        if let bytes = try directory.read(Self.earlierFileName, limit: Self.sizeLimit) {
            changes.reserveCapacity(bytes.count / 80)
            forEachLine(of: bytes, file: Self.earlierFileName, damaged: &damaged) { line in
                guard let run = try RunLine.decode(line, names: &names) else { return false }
                changes.append(HistoryChange(id: run.id, madeAt: run.endedAt, kind: .kept, events: [.run(run)]))
                return true
            }
        }
        guard let bytes = try directory.read(Self.fileName, limit: Self.sizeLimit) else { return HistoryLog(changes: changes, damaged: damaged) }
        changes.reserveCapacity(changes.count + bytes.count / 200)
        var pending: HistoryChange?
        var pendingCount = 0
        let damagedBefore = damaged.count
        var lineNumber = 0
        var lastChangeLine = 0
        forEachLine(of: bytes, file: Self.fileName, damaged: &damaged) { bytes in
            lineNumber += 1
            guard let line = try HistoryLine.decode(bytes, names: &names, states: states) else { return false }
            if line.part == 1 {
                pending = HistoryChange(id: line.change, madeAt: line.madeAt, kind: line.command, events: [])
                pending?.events.reserveCapacity(line.count)
                pendingCount = line.count
            }
            // A part out of its place belongs to a change whose earlier lines were lost.
            guard pending?.id == line.change, pendingCount == line.count, pending?.events.count == line.part - 1 else {
                pending = nil
                return true
            }
            pending?.events.append(line.event)
            if line.part == line.count, let change = pending {
                changes.append(change)
                pending = nil
                lastChangeLine = lineNumber
            }
            return true
        }
        damaged = Array(damaged[..<damagedBefore]) + damaged[damagedBefore...].filter { $0.line <= lastChangeLine }
        return HistoryLog(changes: changes, damaged: damaged)
    }

    /// Passes each line of `bytes` to `decode`, which says whether its check held; a line whose
    /// check fails, or that throws, is added to `damaged`, by its number.
    private func forEachLine(of bytes: [UInt8], file: String, damaged: inout [DamagedLine], _ decode: (ArraySlice<UInt8>) throws -> Bool) {
        var start = bytes.startIndex
        var number = 0
        while start < bytes.endIndex {
            let end = bytes.firstNewline(from: start) ?? bytes.endIndex
            defer { start = end + 1 }
            number += 1
            let whole: Bool
            do {
                whole = try decode(bytes[start..<end])
            } catch {
                whole = false
            }
            if !whole { damaged.append(DamagedLine(file: path + "/" + file, line: number)) }
        }
    }
}
