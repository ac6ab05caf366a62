/// What a `FileSystem` reports of a file: its kind, size and owner.
public struct FileStatus: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case regular
        case directory
        case symbolicLink
        /// A FIFO, a socket, a device.
        case other
    }

    public var kind: Kind
    public var size: Int64
    public var owner: UInt32

    public init(kind: Kind, size: Int64, owner: UInt32) {
        self.kind = kind
        self.size = size
        self.owner = owner
    }
}
