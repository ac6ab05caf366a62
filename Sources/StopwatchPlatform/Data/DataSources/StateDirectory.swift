import Glibc

/// The state directory, opened, checked and locked for as long as this value lives.
///
/// Every file is reached relative to the directory's descriptor and opened with `O_NOFOLLOW`, so a
/// symlink planted in place of a state file is refused rather than followed. Writers hold `flock`'s
/// exclusive lock and readers the shared one; closing the descriptor (in `deinit`) releases it.
final class StateDirectory {
    enum Lock {
        case shared
        case exclusive
    }

    let path: String
    private let descriptor: Int32

    /// Opens and locks the directory at `path`, or returns nil when it does not exist.
    ///
    /// Refuses a symlink, a non-directory and a directory owned by another user.
    static func open(_ path: String, lock: Lock) throws(StoreFailure) -> StateDirectory? {
        try open(path, create: false, lock: lock)
    }

    /// Opens and locks the directory at `path`, creating it and its parents (mode 0700) if missing.
    static func create(_ path: String, lock: Lock) throws(StoreFailure) -> StateDirectory {
        guard let directory = try open(path, create: true, lock: lock) else {
            throw StoreFailure(.cannotCreate, path: path, reason: .disappeared)
        }
        return directory
    }

    private static func open(_ path: String, create: Bool, lock: Lock) throws(StoreFailure) -> StateDirectory? {
        // With a trailing slash, lstat and O_NOFOLLOW would follow a symlink in the last component.
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        var status = stat()
        if lstat(path, &status) != 0 {
            let error = errno
            // ENOTDIR: a parent is a file; creating it below says so.
            guard error == ENOENT || (error == ENOTDIR && create) else {
                throw failure(.cannotCreate, path, .examine, error)
            }
            guard create else { return nil }
            try makeDirectories(path)
        }
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                throw StoreFailure(.cannotCreate, path: path, reason: .directoryIsSymbolicLink)
            }
            if error == ENOTDIR {
                throw StoreFailure(.cannotCreate, path: path, reason: .notADirectory)
            }
            throw failure(.cannotCreate, path, .open, error)
        }
        let directory = StateDirectory(path: path, descriptor: descriptor)
        guard fstat(descriptor, &status) == 0 else {
            throw failure(.cannotCreate, path, .examine, errno)
        }
        guard status.st_uid == geteuid() else {
            throw StoreFailure(
                .cannotCreate, path: path,
                reason: .ownedByAnother(owner: status.st_uid, you: geteuid())
            )
        }
        while flock(descriptor, lock == .exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else { throw failure(.ioError, path, .lock, errno) }
        }
        return directory
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    func pathOf(_ file: String) -> String {
        path.hasSuffix("/") ? path + file : path + "/" + file
    }

    /// The names in the directory, except `.` and `..`.
    func fileNames() throws(StoreFailure) -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else {
            throw Self.failure(.ioError, path, .list, errno)
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The first `limit` bytes of `file` (all of it when `exactly` is false), or nil when it does not exist.
    ///
    /// With `exactly`, a file shorter than `limit` is invalid; without, a longer one is.
    func read(_ file: String, limit: Int64, exactly: Bool = false) throws(StoreFailure) -> [UInt8]? {
        let descriptor = openat(self.descriptor, file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT { return nil }
            throw fileFailure(.invalidData, file, .read, error)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw fileFailure(.invalidData, file, .read, errno) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw StoreFailure(.invalidData, path: pathOf(file), reason: .notARegularFile, remedy: .removeByHand)
        }
        let size = Int64(status.st_size)
        if exactly, size < limit {
            throw StoreFailure(.invalidData, path: pathOf(file), reason: .shorterThanRecorded(size: Int64(size), recorded: Int64(limit)))
        }
        if !exactly, size > limit {
            throw StoreFailure(.invalidData, path: pathOf(file), reason: .largerThan(bytes: Int64(limit)))
        }
        let wanted = Int(exactly ? limit : size)
        var bytes = [UInt8](repeating: 0, count: wanted)
        var offset = 0
        while offset < wanted {
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + offset, wanted - offset, off_t(offset))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                if count == 0 { throw StoreFailure(.invalidData, path: pathOf(file), reason: .endedEarly) }
                throw fileFailure(.invalidData, file, .read, errno)
            }
            offset += count
        }
        return bytes
    }

    /// Checks that `file`, an append-only file of which the first `committed` bytes count, can be
    /// used: absent only when nothing is committed; otherwise a regular file (not a symlink, a
    /// directory or a FIFO) at least that long. Bytes past `committed` are an uncommitted append.
    func checkAppendOnlyFile(_ file: String, committed: Int64) throws(StoreFailure) {
        var status = stat()
        guard fstatat(descriptor, file, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
            let error = errno
            if error == ENOENT {
                guard committed > 0 else { return }
                throw StoreFailure(.invalidData, path: pathOf(file), reason: .missingRecordedBytes(Int64(committed)))
            }
            throw fileFailure(.invalidData, file, .examine, error)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw StoreFailure(.invalidData, path: pathOf(file), reason: .symbolicLink)
        default: throw StoreFailure(.invalidData, path: pathOf(file), reason: .notARegularFile, remedy: .removeByHand)
        }
        if Int64(status.st_size) < committed {
            throw StoreFailure(
                .invalidData, path: pathOf(file),
                reason: .shorterThanRecorded(size: Int64(status.st_size), recorded: Int64(committed))
            )
        }
    }

    /// Replaces `file` atomically: a temporary file in this directory, fsync, rename, fsync the directory.
    ///
    /// A reader sees the old content or the new, never a mix; a crash leaves at most the temporary
    /// file, which `removeLeftovers()` deletes.
    func replace(_ file: String, with bytes: [UInt8]) throws(StoreFailure) {
        let temporary = "." + file + ".tmp"
        unlinkat(descriptor, temporary, 0)
        let output = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw fileFailure(.cannotCreate, temporary, .create, errno) }
        do throws(StoreFailure) {
            defer { close(output) }
            guard fchmod(output, 0o600) == 0 else { throw fileFailure(.ioError, temporary, .makePrivate, errno) }
            try writeAll(bytes, to: output, at: 0, file: temporary)
            guard fsync(output) == 0 else { throw fileFailure(.ioError, temporary, .flush, errno) }
        } catch {
            unlinkat(descriptor, temporary, 0)
            throw error
        }
        guard renameat(descriptor, temporary, descriptor, file) == 0 else {
            let error = errno
            unlinkat(descriptor, temporary, 0)
            throw fileFailure(.ioError, file, .replace, error)
        }
        try syncDirectory()
    }

    /// Writes `bytes` at `offset` of `file`, first cutting off anything past `offset` (the remains of
    /// an append that was never committed), then fsyncs it.
    func append(_ bytes: [UInt8], to file: String, at offset: Int64) throws(StoreFailure) {
        let output = openat(descriptor, file, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard output >= 0 else {
            let error = errno
            throw fileFailure(error == ELOOP ? .invalidData : .cannotCreate, file, .openForWriting, error)
        }
        defer { close(output) }
        var status = stat()
        guard fstat(output, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw StoreFailure(.invalidData, path: pathOf(file), reason: .notARegularFile, remedy: .removeByHand)
        }
        let size = Int64(status.st_size)
        guard size >= offset else {
            throw StoreFailure(.invalidData, path: pathOf(file), reason: .shorterThanRecorded(size: Int64(size), recorded: Int64(offset)))
        }
        if size > offset, ftruncate(output, off_t(offset)) != 0 {
            throw fileFailure(.ioError, file, .truncate, errno)
        }
        try writeAll(bytes, to: output, at: offset, file: file)
        guard fsync(output) == 0 else { throw fileFailure(.ioError, file, .flush, errno) }
    }

    /// What `file` is, for removing it without reading it: nil when absent, else whether it is a
    /// regular file or a symbolic link. Anything else (a directory, a FIFO) is not ours to remove.
    func removableKind(of file: String) throws(StoreFailure) -> RemovableKind? {
        var status = stat()
        guard fstatat(descriptor, file, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
            let error = errno
            if error == ENOENT { return nil }
            throw Self.failure(.invalidData, pathOf(file), .examine, error)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFLNK: return .symbolicLink
        default: throw StoreFailure(.invalidData, path: pathOf(file), reason: .notARegularFile, remedy: .removeByHand)
        }
    }

    enum RemovableKind {
        case regularFile
        case symbolicLink
    }

    /// Removes `file`; a file that is already gone is fine.
    func remove(_ file: String) throws(StoreFailure) {
        guard unlinkat(descriptor, file, 0) == 0 || errno == ENOENT else {
            throw fileFailure(.ioError, file, .remove, errno)
        }
    }

    /// Deletes what earlier writes left behind: temporary files of a killed write, and lap files
    /// whose state file is gone (a `delete` that could not remove its lap file after its commit).
    /// Only call it holding the exclusive lock.
    func removeLeftovers() throws(StoreFailure) {
        let names = try fileNames()
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            unlinkat(descriptor, name, 0)
        }
        let stateFiles = Set(names.filter { $0.hasSuffix(".json") })
        for name in names where name.hasSuffix(".laps") && !stateFiles.contains(String(name.dropLast(5)) + ".json") {
            unlinkat(descriptor, name, 0)
        }
    }

    func syncDirectory() throws(StoreFailure) {
        guard fsync(descriptor) == 0 else { throw Self.failure(.ioError, path, .flush, errno) }
    }

    private func writeAll(_ bytes: [UInt8], to output: Int32, at start: Int64, file: String) throws(StoreFailure) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                pwrite(output, buffer.baseAddress! + written, bytes.count - written, off_t(start) + off_t(written))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw fileFailure(.ioError, file, .write, errno) }
            written += count
        }
    }

    private func fileFailure(_ kind: StoreFailure.Kind, _ file: String, _ operation: StoreFailure.FileOperation, _ error: Int32) -> StoreFailure {
        if error == ELOOP {
            return StoreFailure(.invalidData, path: pathOf(file), reason: .symbolicLink)
        }
        return Self.failure(kind, pathOf(file), operation, error)
    }

    private static func failure(_ kind: StoreFailure.Kind, _ path: String, _ operation: StoreFailure.FileOperation, _ error: Int32) -> StoreFailure {
        StoreFailure(kind, path: path, reason: .cannot(operation, errno: error))
    }

    /// `mkdir -p` with mode 0700 for every directory it creates.
    private static func makeDirectories(_ path: String) throws(StoreFailure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw failure(.cannotCreate, prefix, .create, errno)
            }
            prefix += "/"
        }
    }
}
