import StopwatchCore

/// The runs that ended, one `RunLine` each, appended to `history/runs.tsv` in the state directory
/// (docs/state-format.md, "History"): the part of `JSONFileStopwatchStore` that keeps them.
///
/// It is used only under the state directory's lock, which the store holds: the history directory
/// is opened and locked after it, always in that order. A record is appended and synced before
/// the change that ends its run is committed; a power cut between the two leaves the run current
/// and its record in the file, which `runs(hiding:)` leaves out while the run is current (and
/// which a later record of the same run supersedes), so a run is never both, and never neither.
struct HistoryLog {
    static let directoryName = "history"
    static let fileName = "runs.tsv"
    /// The file is read whole for a listing or a report: a hundred thousand runs are about 10 MB.
    static let sizeLimit: Int64 = 1 << 30

    let stateDirectory: StateDirectory
    let zone: any LocalTimeZone
    let fileSystem: any FileSystem

    private var path: String { stateDirectory.pathOf(Self.directoryName) }

    /// The file that keeps the laps of `run`: `history/NAME@START.jsonl`, START its first start in
    /// microseconds since the epoch, what tells it from other runs.
    static func lapsFile(of run: RunRecord) -> String {
        run.name.rawValue + "@" + String(run.startedAt.wholeMicroseconds) + ".jsonl"
    }

    /// Keeps `journal`, the whole lines of the journal of `run` (its laps among them), as the laps
    /// of the run once it ends: written whole (a temporary file renamed over, synced) before its
    /// record is, so a run in history always has its laps.
    func keepLaps(_ journal: [UInt8], of run: RunRecord) throws {
        let directory = try StateDirectory.create(path, lock: .exclusive, on: fileSystem)
        // What a write killed part way left (`.NAME@START.jsonl.tmp`): under this lock no other
        // write is under way.
        try directory.removeLeftovers { _, _ in false }
        try directory.replace(Self.lapsFile(of: run), with: journal)
    }

    /// The laps `run` had when it ended.
    func laps(of run: RunRecord) throws -> [Lap] {
        guard run.lapCount > 0 else { return [] }
        let file = Self.lapsFile(of: run)
        guard let directory = try StateDirectory.open(path, lock: .shared, on: fileSystem),
            let laps = try JournalLaps.read(file, in: directory, count: run.lapCount)
        else { throw StoreFailure(.invalidData, path: path + "/" + file, reason: .lapFileMissing(laps: run.lapCount)) }
        return laps
    }

    /// Appends `runs` and syncs them: one append, one sync, however many.
    func append(_ runs: [RunRecord]) throws {
        guard !runs.isEmpty else { return }
        var bytes: [UInt8] = []
        for run in runs {
            var run = run
            run.startOffset = .seconds(zone.offset(at: run.startedAt).wholeSeconds)
            run.endOffset = .seconds(zone.offset(at: run.endedAt).wholeSeconds)
            let line = RunLine(run).bytes
            // What is written must read back: the same checks as a reader's.
            do {
                var names: [StopwatchName] = []
                _ = try RunLine.decode(line.dropLast(), names: &names)
            } catch {
                throw StoreFailure(.invalidData, path: path + "/" + Self.fileName, reason: .invalid(error))
            }
            bytes += line
        }
        let directory = try StateDirectory.create(path, lock: .exclusive, on: fileSystem)
        // After the last whole line: the remains of a torn append are cut off.
        let tail = try directory.readTail(Self.fileName, count: 64 * 1024)
        var end: Int64 = 0
        if let tail, let newline = tail.bytes.lastIndex(of: UInt8(ascii: "\n")) {
            end = tail.start + Int64(newline) + 1
        } else if let tail, tail.start > 0 {
            // No newline in the last 64 KiB: a torn line far longer than any record; keep it all.
            end = tail.start + Int64(tail.bytes.count)
        }
        try directory.append(bytes, to: Self.fileName, at: end)
        if tail == nil { try directory.syncDirectory() }
    }

    /// The runs recorded, oldest first, but those whose run is still current (`current`: each
    /// stopwatch's name and first start), and each run once, as its latest record has it.
    func runs(hiding current: [StopwatchName: Duration]) throws -> RunHistory {
        guard let directory = try StateDirectory.open(path, lock: .shared, on: fileSystem),
            let bytes = try directory.read(Self.fileName, limit: Self.sizeLimit)
        else { return RunHistory() }
        var runs: [RunRecord] = []
        runs.reserveCapacity(bytes.count / 80)
        var damaged = 0
        // By start alone, the name compared on a match: hashing an instant costs a tenth of
        // hashing a name, and a run recorded twice is rare (a power cut between its record and
        // its change).
        var latest: [Int64: Int] = [:]
        var sameStart: [RunKey: Int] = [:]
        var names: [StopwatchName] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes.firstNewline(from: start) ?? bytes.endIndex
            defer { start = end + 1 }
            let line: RunLine?
            do {
                line = try RunLine.decode(bytes[start..<end], names: &names)
            } catch {
                damaged += 1
                continue
            }
            guard let record = line?.record else {
                damaged += 1
                continue
            }
            if current[record.name] == record.startedAt { continue }
            let key = record.startedAt.wholeMicroseconds
            if let earlier = latest[key] {
                if runs[earlier].name == record.name {
                    runs[earlier] = record
                } else if let other = sameStart[RunKey(name: record.name, startedAt: key)] {
                    // Another stopwatch's run began the same microsecond: told apart by name.
                    runs[other] = record
                } else {
                    sameStart[RunKey(name: record.name, startedAt: key)] = runs.count
                    runs.append(record)
                }
            } else {
                latest[key] = runs.count
                runs.append(record)
            }
        }
        return RunHistory(runs: runs, damagedLines: damaged)
    }

    private struct RunKey: Hashable {
        var name: StopwatchName
        var startedAt: Int64
    }
}

