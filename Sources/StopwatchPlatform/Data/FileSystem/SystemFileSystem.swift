import Glibc

/// The `FileSystem` of the running system: one Glibc call each, on descriptors opened with
/// `O_CLOEXEC` and `O_NOFOLLOW`, retried on `EINTR`.
public struct SystemFileSystem: FileSystem {
    public init() {}

    public func status(atPath path: String) throws(FileSystemError) -> FileStatus? {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw FileSystemError(errno: errno)
        }
        return Self.fileStatus(status)
    }

    public func makeDirectory(atPath path: String, mode: UInt32) throws(FileSystemError) {
        guard mkdir(path, mode_t(mode)) == 0 else { throw FileSystemError(errno: errno) }
    }

    public func openDirectory(atPath path: String) throws(FileSystemError) -> OpenFile {
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(errno: errno) }
        return OpenFile(id: descriptor)
    }

    public func open(_ name: String, in directory: OpenFile, _ mode: OpenMode) throws(FileSystemError) -> OpenFile? {
        let flags: Int32 =
            switch mode {
            case .read: O_RDONLY | O_NONBLOCK
            case .readWriteCreating: O_RDWR | O_CREAT
            case .createNew: O_WRONLY | O_CREAT | O_EXCL
            }
        let descriptor = openat(directory.id, name, flags | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == ENOENT, mode == .read { return nil }
            throw FileSystemError(errno: errno)
        }
        return OpenFile(id: descriptor)
    }

    public func status(of file: OpenFile) throws(FileSystemError) -> FileStatus {
        var status = stat()
        guard fstat(file.id, &status) == 0 else { throw FileSystemError(errno: errno) }
        return Self.fileStatus(status)
    }

    public func status(of name: String, in directory: OpenFile) throws(FileSystemError) -> FileStatus? {
        var status = stat()
        guard fstatat(directory.id, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return nil }
            throw FileSystemError(errno: errno)
        }
        return Self.fileStatus(status)
    }

    public func entries(of directory: OpenFile) throws(FileSystemError) -> [String] {
        let copy = dup(directory.id)
        guard copy >= 0 else { throw FileSystemError(errno: errno) }
        guard let stream = fdopendir(copy) else {
            let error = errno
            Glibc.close(copy)
            throw FileSystemError(errno: error)
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

    public func lock(_ directory: OpenFile, exclusive: Bool) throws(FileSystemError) {
        while flock(directory.id, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else { throw FileSystemError(errno: errno) }
        }
    }

    public func read(_ file: OpenFile, count: Int, at offset: Int64) throws(FileSystemError) -> [UInt8] {
        var failure: Int32 = 0
        // Read into the array's own storage, never zeroed first: `laps` reads journals of 60 MB.
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let read = pread(file.id, buffer.baseAddress! + done, count - done, off_t(offset) + off_t(done))
                if read < 0, errno == EINTR { continue }
                guard read >= 0 else {
                    failure = errno
                    break
                }
                if read == 0 { break }
                done += read
            }
            initialized = done
        }
        guard failure == 0 else { throw FileSystemError(errno: failure) }
        return bytes
    }

    public func write(_ bytes: [UInt8], to file: OpenFile, at offset: Int64) throws(FileSystemError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                pwrite(file.id, buffer.baseAddress! + written, bytes.count - written, off_t(offset) + off_t(written))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw FileSystemError(errno: count == 0 ? EIO : errno) }
            written += count
        }
    }

    public func truncate(_ file: OpenFile, to size: Int64) throws(FileSystemError) {
        guard ftruncate(file.id, off_t(size)) == 0 else { throw FileSystemError(errno: errno) }
    }

    public func setMode(_ file: OpenFile, _ mode: UInt32) throws(FileSystemError) {
        guard fchmod(file.id, mode_t(mode)) == 0 else { throw FileSystemError(errno: errno) }
    }

    public func sync(_ file: OpenFile) throws(FileSystemError) {
        guard fsync(file.id) == 0 else { throw FileSystemError(errno: errno) }
    }

    public func syncData(_ file: OpenFile) throws(FileSystemError) {
        guard fdatasync(file.id) == 0 else { throw FileSystemError(errno: errno) }
    }

    public func rename(_ name: String, to newName: String, in directory: OpenFile) throws(FileSystemError) {
        guard renameat(directory.id, name, directory.id, newName) == 0 else { throw FileSystemError(errno: errno) }
    }

    public func remove(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        guard unlinkat(directory.id, name, 0) == 0 else { throw FileSystemError(errno: errno) }
    }

    public func close(_ file: OpenFile) {
        Glibc.close(file.id)
    }

    private static func fileStatus(_ status: stat) -> FileStatus {
        let kind: FileStatus.Kind =
            switch status.st_mode & S_IFMT {
            case S_IFREG: .regular
            case S_IFDIR: .directory
            case S_IFLNK: .symbolicLink
            default: .other
            }
        return FileStatus(kind: kind, size: Int64(status.st_size), owner: status.st_uid)
    }
}
