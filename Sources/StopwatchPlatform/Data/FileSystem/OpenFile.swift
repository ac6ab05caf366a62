/// A file or directory a `FileSystem` opened: a descriptor for the real one, an id for a fake.
public struct OpenFile: Sendable, Hashable {
    public let id: Int32

    public init(id: Int32) {
        self.id = id
    }
}
