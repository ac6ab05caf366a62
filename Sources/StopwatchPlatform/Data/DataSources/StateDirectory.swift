import Glibc

/// The state directory, opened, checked and locked for as long as this value lives.
///
/// Every file is reached relative to the directory through the `FileSystem` port and never through
/// a symlink, so a symlink planted in place of a state file is refused rather than followed.
/// Writers hold `flock`'s exclusive lock and readers the shared one; closing the directory (in
/// `deinit`) releases it.
final class StateDirectory: Sendable {
    enum Lock {
        case shared
        case exclusive
    }

    let path: String
    private let fileSystem: any FileSystem
    private let directory: OpenFile

    /// Opens and locks the directory at `path`, or returns nil when it does not exist.
    ///
    /// Refuses a symlink, a non-directory and a directory owned by another user.
    static func open(_ path: String, lock: Lock, on fileSystem: any FileSystem) throws(StoreFailure) -> StateDirectory?
    {
        try open(path, create: false, lock: lock, on: fileSystem)
    }

    /// Opens and locks the directory at `path`, creating it and its parents (mode 0700) if missing.
    static func create(_ path: String, lock: Lock, on fileSystem: any FileSystem) throws(StoreFailure) -> StateDirectory
    {
        guard let directory = try open(path, create: true, lock: lock, on: fileSystem) else {
            throw StoreFailure(.cannotCreate, path: path, reason: .disappeared)
        }
        return directory
    }

    private static func open(_ path: String, create: Bool, lock: Lock, on fileSystem: any FileSystem)
        throws(StoreFailure) -> StateDirectory?
    {
        // With a trailing slash, lstat and O_NOFOLLOW would follow a symlink in the last component.
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        let existing: FileStatus?
        do {
            existing = try fileSystem.status(atPath: path)
        } catch {
            // ENOTDIR: a parent is a file; creating it below says so.
            guard error.errno == ENOTDIR && create else { throw failure(.cannotCreate, path, .examine, error) }
            existing = nil
        }
        if existing == nil {
            guard create else { return nil }
            try makeDirectories(path, on: fileSystem)
        }
        let opened: OpenFile
        do {
            opened = try fileSystem.openDirectory(atPath: path)
        } catch {
            if (try? fileSystem.status(atPath: path))??.kind == .symbolicLink {
                throw StoreFailure(.cannotCreate, path: path, reason: .directoryIsSymbolicLink)
            }
            if error.errno == ENOTDIR {
                throw StoreFailure(.cannotCreate, path: path, reason: .notADirectory)
            }
            throw failure(.cannotCreate, path, .open, error)
        }
        let directory = StateDirectory(path: path, directory: opened, fileSystem: fileSystem)
        let status: FileStatus
        do {
            status = try fileSystem.status(of: opened)
        } catch {
            throw failure(.cannotCreate, path, .examine, error)
        }
        guard status.owner == geteuid() else {
            throw StoreFailure(.cannotCreate, path: path, reason: .ownedByAnother(owner: status.owner, you: geteuid()))
        }
        do {
            try fileSystem.lock(opened, exclusive: lock == .exclusive)
        } catch {
            throw failure(.ioError, path, .lock, error)
        }
        return directory
    }

    private init(path: String, directory: OpenFile, fileSystem: any FileSystem) {
        self.path = path
        self.directory = directory
        self.fileSystem = fileSystem
    }

    deinit {
        fileSystem.close(directory)
    }

    func pathOf(_ file: String) -> String {
        path.hasSuffix("/") ? path + file : path + "/" + file
    }

    /// The names in the directory, except `.` and `..`.
    func fileNames() throws(StoreFailure) -> [String] {
        do {
            return try fileSystem.entries(of: directory)
        } catch {
            throw Self.failure(.ioError, path, .list, error)
        }
    }

    /// `file` opened for reading and its status, or nil when it does not exist; anything but a
    /// regular file is refused, for a person to remove.
    private func openRegularFile(_ file: String) throws(StoreFailure) -> (OpenFile, FileStatus)? {
        let input: OpenFile
        do {
            guard let opened = try fileSystem.open(file, in: directory, .read) else { return nil }
            input = opened
        } catch {
            throw fileFailure(.invalidData, file, .read, error)
        }
        let status: FileStatus
        do {
            status = try fileSystem.status(of: input)
        } catch {
            fileSystem.close(input)
            throw fileFailure(.invalidData, file, .read, error)
        }
        guard status.kind == .regular else {
            fileSystem.close(input)
            throw StoreFailure(.invalidData, path: pathOf(file), reason: .notARegularFile, remedy: .removeByHand)
        }
        return (input, status)
    }

    /// The first `limit` bytes of `file` (all of it when `exactly` is false), or nil when it does not exist.
    ///
    /// With `exactly`, a file shorter than `limit` is invalid; without, a longer one is.
    func read(_ file: String, limit: Int64, exactly: Bool = false) throws(StoreFailure) -> [UInt8]? {
        guard let (input, status) = try openRegularFile(file) else { return nil }
        defer { fileSystem.close(input) }
        let size = status.size
        if exactly, size < limit {
            throw StoreFailure(
                .invalidData, path: pathOf(file), reason: .shorterThanRecorded(size: size, recorded: limit))
        }
        if !exactly, size > limit {
            throw StoreFailure(.invalidData, path: pathOf(file), reason: .largerThan(bytes: limit))
        }
        let wanted = Int(exactly ? limit : size)
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.read(input, count: wanted, at: 0)
        } catch {
            throw fileFailure(.invalidData, file, .read, error)
        }
        guard bytes.count == wanted else { throw StoreFailure(.invalidData, path: pathOf(file), reason: .endedEarly) }
        return bytes
    }

    /// The size of `file` in bytes, or nil when it does not exist.
    func size(of file: String) throws(StoreFailure) -> Int64? {
        do {
            return try fileSystem.status(of: file, in: directory)?.size
        } catch {
            throw fileFailure(.invalidData, file, .examine, error)
        }
    }

    /// Passes each line of `file` to `body`, its newline left out, reading 64 KiB at a time;
    /// bytes after the last newline are not a line. False when the file does not exist.
    ///
    /// With `part`, only the lines that begin within those bytes (a line that begins at an offset
    /// above zero follows a newline), so that parts side by side read every line once.
    ///
    /// For reading a whole journal: read at once, the 61 MB of a hundred thousand laps cost
    /// `laps` 40 ms of the kernel's time for fresh memory, where pieces reuse the same.
    func forEachLine(of file: String, part: Range<Int64>? = nil, _ body: (ArraySlice<UInt8>) throws -> Void) throws
        -> Bool
    {
        guard let (input, status) = try openRegularFile(file) else { return false }
        defer { fileSystem.close(input) }
        let part = part ?? 0..<status.size
        // From the byte before the part, to pass over the line that began before it.
        var offset = max(0, part.lowerBound - 1)
        var skipping = part.lowerBound > 0
        var lineStart = offset
        var pending: [UInt8] = []
        while offset < status.size, lineStart < part.upperBound {
            let piece: [UInt8]
            do {
                piece = try fileSystem.read(
                    input, count: Int(min(Int64(Self.readPiece), status.size - offset)), at: offset)
            } catch {
                throw fileFailure(.invalidData, file, .read, error)
            }
            guard !piece.isEmpty else { throw StoreFailure(.invalidData, path: pathOf(file), reason: .endedEarly) }
            offset += Int64(piece.count)
            pending.append(contentsOf: piece)
            var start = 0
            while lineStart < part.upperBound, let newline = pending.firstNewline(from: start) {
                if !skipping { try body(pending[start..<newline]) }
                skipping = false
                lineStart += Int64(newline + 1 - start)
                start = newline + 1
            }
            pending.removeFirst(start)
        }
        return true
    }

    /// How much `forEachLine` reads at a time: below the size at which `malloc` maps fresh pages.
    static let readPiece = 64 * 1024

    /// The last `count` bytes of `file` (all of it when it is shorter) and the offset they start
    /// at, or nil when it does not exist. Only a regular file is read.
    func readTail(_ file: String, count: Int) throws(StoreFailure) -> (bytes: [UInt8], start: Int64)? {
        guard let (input, status) = try openRegularFile(file) else { return nil }
        defer { fileSystem.close(input) }
        let start = max(0, status.size - Int64(count))
        let wanted = Int(status.size - start)
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.read(input, count: wanted, at: start)
        } catch {
            throw fileFailure(.invalidData, file, .read, error)
        }
        guard bytes.count == wanted else { throw StoreFailure(.invalidData, path: pathOf(file), reason: .endedEarly) }
        return (bytes, start)
    }

    /// The bytes of `file` from `offset` to its end (at most `limit` of them; a longer stretch is
    /// invalid) and the file's size, or nil when it does not exist or is shorter than `offset`.
    func read(_ file: String, from offset: Int64, limit: Int64) throws(StoreFailure) -> (bytes: [UInt8], size: Int64)? {
        guard let (input, status) = try openRegularFile(file) else { return nil }
        defer { fileSystem.close(input) }
        guard status.size >= offset else { return nil }
        guard status.size - offset <= limit else {
            throw StoreFailure(.invalidData, path: pathOf(file), reason: .largerThan(bytes: limit))
        }
        let wanted = Int(status.size - offset)
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.read(input, count: wanted, at: offset)
        } catch {
            throw fileFailure(.invalidData, file, .read, error)
        }
        guard bytes.count == wanted else { throw StoreFailure(.invalidData, path: pathOf(file), reason: .endedEarly) }
        return (bytes, status.size)
    }

    /// `file` kept open for reading in pieces, or nil when it does not exist.
    func openForReading(_ file: String) throws(StoreFailure) -> ReadableFile? {
        guard let (input, status) = try openRegularFile(file) else { return nil }
        return ReadableFile(input, size: status.size, on: fileSystem)
    }

    /// `count` bytes of `file` from `offset`, or nil when it does not exist or has fewer there.
    func read(_ file: String, at offset: Int64, count: Int) throws(StoreFailure) -> [UInt8]? {
        guard let (input, status) = try openRegularFile(file) else { return nil }
        defer { fileSystem.close(input) }
        guard offset >= 0, status.size - offset >= Int64(count) else { return nil }
        do {
            let bytes = try fileSystem.read(input, count: count, at: offset)
            return bytes.count == count ? bytes : nil
        } catch {
            throw fileFailure(.invalidData, file, .read, error)
        }
    }

    /// Replaces `file`, which can be made again from other files, without syncing: a temporary
    /// file renamed over it. A crash may leave it half written (so its reader must check it
    /// whole) or the temporary file, which the next `removeLeftovers()` deletes. Another writer
    /// at the same time (under the shared lock) may take the temporary file's place: the one
    /// renamed last wins, or the rename fails. Returns whether it was replaced.
    @discardableResult
    func replaceWithoutSync(_ file: String, with bytes: [UInt8]) -> Bool {
        let temporary = "." + file + ".tmp"
        try? fileSystem.remove(temporary, in: directory)
        guard let output = try? fileSystem.open(temporary, in: directory, .createNew) else { return false }
        let written: Bool
        do {
            defer { fileSystem.close(output) }
            try fileSystem.setMode(output, 0o600)
            try fileSystem.write(bytes, to: output, at: 0)
            written = true
        } catch {
            written = false
        }
        guard written, (try? fileSystem.rename(temporary, to: file, in: directory)) != nil else {
            try? fileSystem.remove(temporary, in: directory)
            return false
        }
        return true
    }

    /// Checks that `file`, an append-only file of which the first `committed` bytes count, can be
    /// used: absent only when nothing is committed; otherwise a regular file (not a symlink, a
    /// directory or a FIFO) at least that long. Bytes past `committed` are an uncommitted append.
    func checkAppendOnlyFile(_ file: String, committed: Int64) throws(StoreFailure) {
        let found: FileStatus?
        do {
            found = try fileSystem.status(of: file, in: directory)
        } catch {
            throw fileFailure(.invalidData, file, .examine, error)
        }
        guard let status = found else {
            guard committed > 0 else { return }
            throw StoreFailure(.invalidData, path: pathOf(file), reason: .missingRecordedBytes(committed))
        }
        switch status.kind {
        case .regular: break
        case .symbolicLink: throw StoreFailure(.invalidData, path: pathOf(file), reason: .symbolicLink)
        default: throw StoreFailure(.invalidData, path: pathOf(file), reason: .notARegularFile, remedy: .removeByHand)
        }
        if status.size < committed {
            throw StoreFailure(
                .invalidData, path: pathOf(file), reason: .shorterThanRecorded(size: status.size, recorded: committed))
        }
    }

    /// Replaces `file` atomically: a temporary file in this directory, fsync, rename, fsync the directory.
    ///
    /// A reader sees the old content or the new, never a mix; a crash leaves at most the temporary
    /// file, which `removeLeftovers()` deletes.
    func replace(_ file: String, with bytes: [UInt8]) throws(StoreFailure) {
        let temporary = "." + file + ".tmp"
        try? fileSystem.remove(temporary, in: directory)
        let output: OpenFile
        do {
            output = try fileSystem.open(temporary, in: directory, .createNew)!
        } catch {
            throw fileFailure(.cannotCreate, temporary, .create, error)
        }
        do throws(StoreFailure) {
            defer { fileSystem.close(output) }
            do {
                try fileSystem.setMode(output, 0o600)
            } catch {
                throw fileFailure(.ioError, temporary, .makePrivate, error)
            }
            do {
                try fileSystem.write(bytes, to: output, at: 0)
            } catch {
                throw fileFailure(.ioError, temporary, .write, error)
            }
            do {
                try fileSystem.sync(output)
            } catch {
                throw fileFailure(.ioError, temporary, .flush, error)
            }
        } catch {
            try? fileSystem.remove(temporary, in: directory)
            throw error
        }
        do {
            try fileSystem.rename(temporary, to: file, in: directory)
        } catch {
            try? fileSystem.remove(temporary, in: directory)
            throw fileFailure(.ioError, file, .replace, error)
        }
        try syncDirectory()
    }

    /// Writes `bytes` at `offset` of `file`, first cutting off anything past `offset` (the remains of
    /// an append that was never committed), then syncs its data (`fdatasync`): the one sync of a
    /// change.
    func append(_ bytes: [UInt8], to file: String, at offset: Int64) throws(StoreFailure) {
        let output: OpenFile
        do {
            output = try fileSystem.open(file, in: directory, .readWriteCreating)!
        } catch {
            throw fileFailure(error.errno == ELOOP ? .invalidData : .cannotCreate, file, .openForWriting, error)
        }
        defer { fileSystem.close(output) }
        guard let status = try? fileSystem.status(of: output), status.kind == .regular else {
            throw StoreFailure(.invalidData, path: pathOf(file), reason: .notARegularFile, remedy: .removeByHand)
        }
        guard status.size >= offset else {
            throw StoreFailure(
                .invalidData, path: pathOf(file), reason: .shorterThanRecorded(size: status.size, recorded: offset))
        }
        do {
            if status.size > offset { try fileSystem.truncate(output, to: offset) }
        } catch {
            throw fileFailure(.ioError, file, .truncate, error)
        }
        do {
            try fileSystem.write(bytes, to: output, at: offset)
        } catch {
            // A full disk may have taken part of the line: cut it off, so the file is as it was.
            try? fileSystem.truncate(output, to: offset)
            throw fileFailure(.ioError, file, .write, error)
        }
        do {
            try fileSystem.syncData(output)
        } catch {
            throw fileFailure(.ioError, file, .flush, error)
        }
    }

    /// What `file` is, for removing it without reading it: nil when absent, else whether it is a
    /// regular file or a symbolic link. Anything else (a directory, a FIFO) is not ours to remove.
    func removableKind(of file: String) throws(StoreFailure) -> RemovableKind? {
        let found: FileStatus?
        do {
            found = try fileSystem.status(of: file, in: directory)
        } catch {
            throw Self.failure(.invalidData, pathOf(file), .examine, error)
        }
        guard let status = found else { return nil }
        switch status.kind {
        case .regular: return .regularFile
        case .symbolicLink: return .symbolicLink
        default: throw StoreFailure(.invalidData, path: pathOf(file), reason: .notARegularFile, remedy: .removeByHand)
        }
    }

    enum RemovableKind {
        case regularFile
        case symbolicLink
    }

    /// Removes `file`; a file that is already gone is fine.
    func remove(_ file: String) throws(StoreFailure) {
        do {
            try fileSystem.remove(file, in: directory)
        } catch  where error.errno != ENOENT {
            throw fileFailure(.ioError, file, .remove, error)
        } catch {}
    }

    /// Deletes what earlier writes left behind: temporary files of a killed write, and the files
    /// the store says are leftovers (`isLeftover`, given the names present: the store knows its
    /// files, this directory none of them). Only call it holding the exclusive lock.
    func removeLeftovers(where isLeftover: (String, Set<String>) -> Bool) throws(StoreFailure) {
        let names = try fileNames()
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            try? fileSystem.remove(name, in: directory)
        }
        let present = Set(names)
        for name in names where isLeftover(name, present) {
            try? fileSystem.remove(name, in: directory)
        }
    }

    func syncDirectory() throws(StoreFailure) {
        do {
            try fileSystem.sync(directory)
        } catch {
            throw Self.failure(.ioError, path, .flush, error)
        }
    }

    private func fileFailure(
        _ kind: StoreFailure.Kind, _ file: String, _ operation: StoreFailure.FileOperation, _ error: FileSystemError
    ) -> StoreFailure {
        if error.errno == ELOOP {
            return StoreFailure(.invalidData, path: pathOf(file), reason: .symbolicLink)
        }
        return Self.failure(kind, pathOf(file), operation, error)
    }

    static func failure(
        _ kind: StoreFailure.Kind, _ path: String, _ operation: StoreFailure.FileOperation, _ error: FileSystemError
    ) -> StoreFailure {
        StoreFailure(kind, path: path, reason: .cannot(operation, errno: error.errno))
    }
}
