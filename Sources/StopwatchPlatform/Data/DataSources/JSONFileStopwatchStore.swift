import StopwatchCore

/// Keeps each stopwatch in two files of one directory: `NAME.json`, its state, replaced atomically
/// on every change, and `NAME.laps`, its lap history, one JSON object per line, only ever appended.
///
/// The state file is the commit point: it records how many bytes of the lap file are committed, so
/// `lap` and `status` cost the same whatever the history, and a `kill -9` at any moment leaves the
/// old state or the new one. A state or lap file that does not parse is reported, never rewritten.
/// See docs/state-format.md.
public final class JSONFileStopwatchStore: StopwatchStore {
    /// State files larger than this are refused as invalid; a real one is well under 2 KiB.
    static let stateFileLimit: Int64 = 1 << 20

    public let directoryPath: String
    private let timeSource: any TimeSource
    private let fileSystem: any FileSystem

    /// Touches nothing on disk until the first call; a missing directory is created by the first
    /// write. `fileSystem` is the real one but in tests that simulate a power cut.
    public init(directoryPath: String, timeSource: any TimeSource, fileSystem: any FileSystem = SystemFileSystem()) {
        self.directoryPath = directoryPath
        self.timeSource = timeSource
        self.fileSystem = fileSystem
    }

    public func load(_ name: StopwatchName) throws -> StopwatchState? {
        guard let directory = try StateDirectory.open(directoryPath, lock: .shared, on: fileSystem) else {
            return nil
        }
        return try readStored(name, in: directory)?.state
    }

    public func laps(of name: StopwatchName) throws -> [Lap] {
        guard let directory = try StateDirectory.open(directoryPath, lock: .shared, on: fileSystem),
            let entity = try readStored(name, in: directory)?.entity
        else { throw StopwatchError.noSuchStopwatch(name) }
        guard entity.laps.count > 0 else { return [] }
        do {
            return try readLaps(of: name, committed: entity.laps, in: directory)
        } catch var failure as StoreFailure where failure.kind == .invalidData {
            failure.remedy = failure.remedy ?? .deleteForce(name)
            throw failure
        }
    }

    /// The committed laps of `name`, which the state file's `committed` record describes.
    private func readLaps(of name: StopwatchName, committed: LapLogEntity, in directory: StateDirectory) throws -> [Lap] {
        let file = Self.lapFile(name)
        let bytes = try directory.read(file, limit: committed.bytes, exactly: true) ?? []
        guard bytes.count == committed.bytes else {
            throw StoreFailure(.invalidData, path: directory.pathOf(file), reason: .lapFileMissing(laps: committed.count))
        }
        let laps = try decodeLapLines(bytes, path: directory.pathOf(file))
        guard laps.count == committed.count, laps.enumerated().allSatisfy({ $0.element.number == $0.offset + 1 }) else {
            throw StoreFailure(.invalidData, path: directory.pathOf(file), reason: .lapsOutOfOrder(laps: committed.count))
        }
        return laps
    }

    public func loadAll() throws -> StopwatchListing {
        guard let directory = try StateDirectory.open(directoryPath, lock: .shared, on: fileSystem) else {
            return StopwatchListing()
        }
        let names = try Self.names(in: directory)
        var listing = StopwatchListing(names: names)
        for name in names {
            do {
                if let state = try readStored(name, in: directory)?.state {
                    listing.stopwatches.append(state)
                }
            } catch {
                listing.failures.append(error)
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
        try directory.removeLeftovers()
        let stored = try readStored(name, in: directory)
        guard let change = try transform(stored?.state) else { return nil }

        let committedLapBytes = stored?.entity.laps.bytes ?? 0
        let lapBytes = change.state.lapCount == 0 ? 0 : committedLapBytes
        var lapLine: [UInt8] = []
        if let lap = change.appendedLap {
            let entity = LapEntity(lap)
            try checkWritable(directory, Self.lapFile(name)) { () throws(EntityError) in _ = try entity.lap() }
            lapLine = Self.encodeLine(entity)
        }
        let entity = StopwatchFileEntity(change.state, lapBytes: lapBytes + Int64(lapLine.count), updatedAt: timeSource.now().wall)
        try checkWritable(directory, Self.stateFile(name)) { () throws(EntityError) in _ = try entity.state(expecting: name) }
        if !lapLine.isEmpty {
            try directory.append(lapLine, to: Self.lapFile(name), at: lapBytes)
        }
        try directory.replace(Self.stateFile(name), with: Self.encodeState(entity))
        // Committed: the state records no laps, so whatever the lap file holds is no longer
        // committed. Removing it is tidying, not part of the change: if it fails, the next `lap`
        // cuts the file back to nothing before appending.
        if change.state.lapCount == 0, committedLapBytes > 0 {
            try? directory.remove(Self.lapFile(name))
        }
        return change
    }

    public func names() throws -> [StopwatchName] {
        guard let directory = try StateDirectory.open(directoryPath, lock: .shared, on: fileSystem) else { return [] }
        return try Self.names(in: directory)
    }

    /// Every one is read (and so checked) before any is removed. For each, removing the state file
    /// is the commit point; the lap file goes after it, and one left behind by a failure or a power
    /// cut is removed by the next command that writes (`removeLeftovers`).
    public func delete(_ names: [StopwatchName]) throws {
        guard let directory = try StateDirectory.open(directoryPath, lock: .exclusive, on: fileSystem) else {
            throw StopwatchError.noSuchStopwatch(names[0])
        }
        for name in names where try readStored(name, in: directory) == nil {
            throw StopwatchError.noSuchStopwatch(name)
        }
        try remove(names, from: directory)
    }

    public func deleteAll(where condition: (StopwatchState) -> Bool) throws -> [StopwatchName] {
        guard let directory = try StateDirectory.open(directoryPath, lock: .exclusive, on: fileSystem) else { return [] }
        let names = try Self.names(in: directory).filter { name in
            try readStored(name, in: directory).map { condition($0.state) } ?? false
        }
        try remove(names, from: directory)
        return names
    }

    /// Each name's files are checked (regular files or symlinks only) before any is removed; their
    /// contents are never read.
    public func deleteFiles(of names: [StopwatchName]) throws {
        guard let directory = try StateDirectory.open(directoryPath, lock: .exclusive, on: fileSystem) else {
            throw StopwatchError.noSuchStopwatch(names[0])
        }
        for name in names {
            let kinds = try [Self.stateFile(name), Self.lapFile(name)].map { try directory.removableKind(of: $0) }
            if kinds.allSatisfy({ $0 == nil }) { throw StopwatchError.noSuchStopwatch(name) }
        }
        try remove(names, from: directory)
    }

    /// The state files go first, and are synced gone before any lap file goes: a power cut must
    /// never keep a state file whose laps were removed (the directory's entries reach the disk in
    /// no set order until it is synced).
    private func remove(_ names: [StopwatchName], from directory: StateDirectory) throws {
        guard !names.isEmpty else { return }
        try directory.removeLeftovers()
        for name in names {
            try directory.remove(Self.stateFile(name))
        }
        try directory.syncDirectory()
        for name in names {
            try? directory.remove(Self.lapFile(name))
        }
    }

    /// The stopwatches in `directory`: its `NAME.json` files with a valid name, sorted.
    private static func names(in directory: StateDirectory) throws -> [StopwatchName] {
        try directory.fileNames().compactMap { file in
            file.hasSuffix(".json") ? StopwatchName(String(file.dropLast(5))) : nil
        }.sorted()
    }

    /// Creates the state directory if it is missing, checking it as every command does, so that it
    /// can be watched for changes before the first one.
    public static func prepareDirectory(_ path: String) throws {
        _ = try StateDirectory.create(path, lock: .shared, on: SystemFileSystem())
    }

    static func stateFile(_ name: StopwatchName) -> String { name.rawValue + ".json" }
    static func lapFile(_ name: StopwatchName) -> String { name.rawValue + ".laps" }

    /// The state file of `name`, decoded and checked, or nil when there is none; reading it is how
    /// every command refuses to touch a stopwatch whose file is invalid. A failure names its way
    /// out: `delete --force`, unless it is something only a person should remove.
    private func readStored(
        _ name: StopwatchName,
        in directory: StateDirectory
    ) throws -> (entity: StopwatchFileEntity, state: StopwatchState)? {
        do {
            return try readStoredFile(name, in: directory)
        } catch var failure as StoreFailure where failure.kind == .invalidData {
            failure.remedy = failure.remedy ?? .deleteForce(name)
            throw failure
        }
    }

    private func readStoredFile(
        _ name: StopwatchName,
        in directory: StateDirectory
    ) throws -> (entity: StopwatchFileEntity, state: StopwatchState)? {
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
            state = try entity.state(expecting: name)
        } catch {
            throw StoreFailure(.invalidData, path: path, reason: .invalid(error))
        }
        try directory.checkAppendOnlyFile(Self.lapFile(name), committed: entity.laps.bytes)
        return (entity, state)
    }

    /// Runs the checks a file read back would face on what is about to be written to `file`, so
    /// the store never writes a file it would refuse; only an absurd clock or a stopwatch run for
    /// centuries can fail them.
    private func checkWritable(_ directory: StateDirectory, _ file: String, _ check: () throws(EntityError) -> Void) throws {
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

    private static func encodeState(_ entity: StopwatchFileEntity) -> [UInt8] {
        Array((JSONWriter.pretty(entity.json) + "\n").utf8)
    }

    private static func encodeLine(_ entity: LapEntity) -> [UInt8] {
        Array((JSONWriter.compact(entity.json) + "\n").utf8)
    }
}
