/// A regular file of the state directory kept open to be read in pieces, closed when this value
/// goes (`StateDirectory.openForReading`): a snapshot read page by page.
final class ReadableFile: Sendable {
    /// Its size when opened.
    let size: Int64
    private let fileSystem: any FileSystem
    private let file: OpenFile

    init(_ file: OpenFile, size: Int64, on fileSystem: any FileSystem) {
        self.file = file
        self.size = size
        self.fileSystem = fileSystem
    }

    deinit {
        fileSystem.close(file)
    }

    /// `count` bytes from `offset`, or nil when it cannot be read or has fewer there.
    func read(at offset: Int64, count: Int) -> [UInt8]? {
        guard offset >= 0, size - offset >= Int64(count),
            let bytes = try? fileSystem.read(file, count: count, at: offset)
        else { return nil }
        return bytes.count == count ? bytes : nil
    }
}
