import StopwatchPlatform

/// One process's view of a disk other processes use at once (`ProcessInterleaving`): each
/// operation waits for the process's turn, then is done on the shared disk; `lock` waits as
/// `flock` does for another process's lock, and closing a directory releases its lock.
struct InterleavedFileSystem: FileSystem {
    let base: any FileSystem
    let process: Int
    let interleaving: ProcessInterleaving
    /// The directories this process opened, by open id: what a lock on each is a lock on.
    private let directories = DirectoryPaths()

    init(base: any FileSystem, process: Int, interleaving: ProcessInterleaving) {
        self.base = base
        self.process = process
        self.interleaving = interleaving
    }

    func status(atPath path: String) throws(FileSystemError) -> FileStatus? {
        interleaving.turn(process)
        return try base.status(atPath: path)
    }

    func makeDirectory(atPath path: String, mode: UInt32) throws(FileSystemError) {
        interleaving.turn(process)
        try base.makeDirectory(atPath: path, mode: mode)
    }

    func openDirectory(atPath path: String) throws(FileSystemError) -> OpenFile {
        interleaving.turn(process)
        let opened = try base.openDirectory(atPath: path)
        directories.set(opened.id, path)
        return opened
    }

    func open(_ name: String, in directory: OpenFile, _ mode: OpenMode) throws(FileSystemError) -> OpenFile? {
        interleaving.turn(process)
        return try base.open(name, in: directory, mode)
    }

    func status(of file: OpenFile) throws(FileSystemError) -> FileStatus {
        interleaving.turn(process)
        return try base.status(of: file)
    }

    func status(of name: String, in directory: OpenFile) throws(FileSystemError) -> FileStatus? {
        interleaving.turn(process)
        return try base.status(of: name, in: directory)
    }

    func entries(of directory: OpenFile) throws(FileSystemError) -> [String] {
        interleaving.turn(process)
        return try base.entries(of: directory)
    }

    func lock(_ directory: OpenFile, exclusive: Bool) throws(FileSystemError) {
        interleaving.turn(process)
        try interleaving.lock(
            directories.path(of: directory.id) ?? "#\(directory.id)", file: directory.id, exclusive: exclusive,
            by: process)
        try base.lock(directory, exclusive: exclusive)
    }

    func read(_ file: OpenFile, count: Int, at offset: Int64) throws(FileSystemError) -> [UInt8] {
        interleaving.turn(process)
        return try base.read(file, count: count, at: offset)
    }

    func write(_ bytes: [UInt8], to file: OpenFile, at offset: Int64) throws(FileSystemError) {
        interleaving.turn(process)
        try base.write(bytes, to: file, at: offset)
    }

    func truncate(_ file: OpenFile, to size: Int64) throws(FileSystemError) {
        interleaving.turn(process)
        try base.truncate(file, to: size)
    }

    func setMode(_ file: OpenFile, _ mode: UInt32) throws(FileSystemError) {
        interleaving.turn(process)
        try base.setMode(file, mode)
    }

    func sync(_ file: OpenFile) throws(FileSystemError) {
        interleaving.turn(process)
        try base.sync(file)
    }

    func syncData(_ file: OpenFile) throws(FileSystemError) {
        interleaving.turn(process)
        try base.syncData(file)
    }

    func rename(_ name: String, to newName: String, in directory: OpenFile) throws(FileSystemError) {
        interleaving.turn(process)
        try base.rename(name, to: newName, in: directory)
    }

    func remove(_ name: String, in directory: OpenFile) throws(FileSystemError) {
        interleaving.turn(process)
        try base.remove(name, in: directory)
    }

    func close(_ file: OpenFile) {
        interleaving.turn(process)
        interleaving.released(file.id)
        directories.set(file.id, nil)
        base.close(file)
    }
}

/// The paths of the directories one process opened, by open id.
private final class DirectoryPaths: @unchecked Sendable {
    private var paths: [Int32: String] = [:]

    // One process's thread alone uses it, at its turns.
    func set(_ id: Int32, _ path: String?) { paths[id] = path }

    func path(of id: Int32) -> String? { paths[id] }
}
