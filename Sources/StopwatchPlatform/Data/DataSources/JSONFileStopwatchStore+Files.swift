import StopwatchCore
import Synchronization

/// The files of the state directory: which are journals, state files and lap files, whose they
/// are, and reading one into what is stored.
extension JSONFileStopwatchStore {
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
    /// first, in their files' order, of the other machines' journals that is not reset (the name is
    /// in use there, as it was when machines shared one file); else this machine's journal, reset,
    /// or none (another machine's reset one is not meant here). Only a name with no journal here,
    /// or a reset one, has the directory's files listed, when the caller has not listed the other
    /// machines' journals (`others`, as `otherJournalFiles(among:)` finds them). With `machine`,
    /// the one that machine keeps (`readStored(_:keptBy:in:)`).
    func readStored(
        _ name: StopwatchName, on machine: String? = nil, in directory: StateDirectory, others listed: [String]? = nil
    ) throws -> Stored? {
        do {
            if let machine { return try readStored(name, keptBy: machine, in: directory) }
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
            // Another machine's is meant only while in use: one reset there is not listed here,
            // and does not hold the name (a cycle of it may be made here).
            for file in otherJournalFiles(of: name, among: try listed ?? directory.fileNames()) {
                guard let stored = try readJournal(file, of: name, in: directory) else { continue }
                if stored.state.status != .initial { return stored }
            }
            return own
        } catch var failure as StoreFailure where failure.kind == .invalidData {
            failure.remedy = failure.remedy ?? .deleteForce(name)
            throw failure
        }
    }

    /// `name` as `machine` keeps it (`StopwatchStore.load(_:on:)`): with this machine's own name,
    /// its own journal (or the files an earlier version wrote); else the journal of the other
    /// machine that calls itself so, or whose id it is.
    private func readStored(_ name: StopwatchName, keptBy machine: String, in directory: StateDirectory) throws
        -> Stored?
    {
        if machine == self.machine.host || machine == self.machine.hex {
            return try readJournal(journalFile(name), of: name, in: directory)
                ?? readJournal(Self.journalFile(name), of: name, in: directory)
                ?? readStateFile(name, in: directory)
        }
        for file in otherJournalFiles(of: name, among: try directory.fileNames()) {
            guard let stored = try readJournal(file, of: name, in: directory) else { continue }
            if stored.state.runsOn == machine || stored.state.runsOnID == machine { return stored }
        }
        return nil
    }

    /// The last whole line of the journal `file` of `name`, read from its end: a window of it
    /// first, all of it only when the window holds no whole line.
    func readJournal(_ file: String, of name: StopwatchName, in directory: StateDirectory) throws -> Stored? {
        let path = directory.pathOf(file)
        var window = Self.tailWindow
        while true {
            guard let (bytes, start) = try directory.readTail(file, count: window) else { return nil }
            guard !(bytes.isEmpty && start == 0) else { throw StoreFailure(.invalidData, path: path, reason: .empty) }
            // Lines end at a newline; a first line that may begin before the window is not read.
            var end = bytes.count
            var edited = false
            while let newline = bytes[..<end].lastIndex(of: UInt8(ascii: "\n")) {
                let lineStart = (bytes[..<newline].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
                if lineStart == 0, start > 0 { break }
                let line = bytes[lineStart..<newline]
                let last = newline == bytes.count - 1
                end = lineStart
                guard JournalLine.isWhole(line) else {
                    // A write cut short leaves no whole state, or no newline after it; a last line
                    // that holds a whole, valid state was changed by hand, and is said rather than
                    // passed over (the state before it would be a plausible wrong answer).
                    if last, let entity = try? Self.decodeLine(line, path: path, number: nil).state,
                        (try? entity.state(expecting: name)) != nil
                    {
                        edited = true
                    }
                    continue
                }
                if edited { throw StoreFailure(.invalidData, path: path, reason: .lastLineEdited) }
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
    func readStateFile(_ name: StopwatchName, in directory: StateDirectory) throws -> Stored? {
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
    func decodeLapLines(_ bytes: [UInt8], path: String) throws -> [Lap] {
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
