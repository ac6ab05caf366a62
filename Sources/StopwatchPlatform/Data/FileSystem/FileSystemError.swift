/// A `FileSystem` call that failed, by the `errno` it set.
public struct FileSystemError: Error, Sendable, Hashable {
    public var errno: Int32

    public init(errno: Int32) {
        self.errno = errno
    }
}
