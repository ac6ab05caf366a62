/// The file operations the state directory is made of, each one system call: the port under
/// `JSONFileStopwatchStore`, so that a test can put a file system that loses power after any step
/// in place of the real one (`SystemFileSystem`).
///
/// Files are named relative to an open directory and never through a symbolic link: opening one
/// fails with `ELOOP`. Failures are the `errno` the call set. Nothing is durable until it is
/// synced: a file's data by `sync(_:)` or `syncData(_:)`, a directory's entries (a creation, a
/// rename, a removal) by `sync(_:)` of the directory.
public protocol FileSystem: Sendable {
    /// The status of `path` itself (not of a symlink's target); nil when it does not exist.
    func status(atPath path: String) throws(FileSystemError) -> FileStatus?

    /// Creates the directory `path` with `mode`; `EEXIST` when something is there.
    func makeDirectory(atPath path: String, mode: UInt32) throws(FileSystemError)

    /// Opens the directory `path`, refusing a symlink (`ELOOP`) or another kind of file (`ENOTDIR`).
    func openDirectory(atPath path: String) throws(FileSystemError) -> OpenFile

    /// Opens `name` in `directory`; nil when it does not exist and `mode` creates nothing.
    func open(_ name: String, in directory: OpenFile, _ mode: OpenMode) throws(FileSystemError) -> OpenFile?

    func status(of file: OpenFile) throws(FileSystemError) -> FileStatus

    /// The status of `name` in `directory` itself, not of a symlink's target; nil when absent.
    func status(of name: String, in directory: OpenFile) throws(FileSystemError) -> FileStatus?

    /// The names in `directory`, except `.` and `..`, in no particular order.
    func entries(of directory: OpenFile) throws(FileSystemError) -> [String]

    /// Takes `flock`'s lock on `directory`, waiting for it; closing the directory releases it.
    func lock(_ directory: OpenFile, exclusive: Bool) throws(FileSystemError)

    /// Up to `count` bytes of `file` from `offset`; fewer only at its end.
    func read(_ file: OpenFile, count: Int, at offset: Int64) throws(FileSystemError) -> [UInt8]

    /// Writes all of `bytes` at `offset` of `file`.
    func write(_ bytes: [UInt8], to file: OpenFile, at offset: Int64) throws(FileSystemError)

    func truncate(_ file: OpenFile, to size: Int64) throws(FileSystemError)

    func setMode(_ file: OpenFile, _ mode: UInt32) throws(FileSystemError)

    /// Makes `file`'s data and metadata durable (`fsync`); for a directory, its entries.
    func sync(_ file: OpenFile) throws(FileSystemError)

    /// Makes `file`'s data durable, and the metadata needed to read it, such as its size
    /// (`fdatasync`).
    func syncData(_ file: OpenFile) throws(FileSystemError)

    /// Renames `name` to `newName` within `directory`, replacing what `newName` was.
    func rename(_ name: String, to newName: String, in directory: OpenFile) throws(FileSystemError)

    /// Removes `name` from `directory`; `ENOENT` when it is not there.
    func remove(_ name: String, in directory: OpenFile) throws(FileSystemError)

    func close(_ file: OpenFile)
}
