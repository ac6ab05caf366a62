/// How `FileSystem.open` opens a file. Every mode refuses a symbolic link; a created file has
/// mode 0600.
public enum OpenMode: Sendable, Hashable {
    case read
    /// For reading and writing, creating the file if it is missing.
    case readWriteCreating
    /// For writing a new file: `EEXIST` when one is there.
    case createNew
}
