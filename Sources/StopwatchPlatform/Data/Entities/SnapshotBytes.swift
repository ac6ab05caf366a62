/// The body of a snapshot file (`HistorySnapshotFile`) as its table reads it: bytes by their
/// offset from the body's start, all in memory or read a page at a time.
///
/// An enum, not a protocol: the table's reads, a hundred thousand runs' for a report, are then
/// made by code compiled for each case, not by generic code that asks the runtime for the type of
/// every value it returns.
enum SnapshotBytes: Sendable {
    /// In memory from `start`, every page checked before a run is read (`HistorySnapshotFile.init?(_:)`).
    case whole([UInt8], start: Int)
    /// Read from the file as asked, each page checked as it is first read.
    case paged(PagedSnapshotBytes)

    /// `body` given the bytes of `range`. Bytes that cannot be had (a page that fails its check)
    /// are given as zeros, and noted (`fail()`).
    @inline(__always)
    func withBytes<Result>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        switch self {
        case .whole(let bytes, let start):
            bytes.withUnsafeBytes {
                body(UnsafeRawBufferPointer(rebasing: $0[(start + range.lowerBound)..<(start + range.upperBound)]))
            }
        case .paged(let pages):
            pages.withBytes(range, body)
        }
    }

    /// Notes that something read was not what a snapshot can hold: what was read is not trusted.
    func fail() {
        switch self {
        case .whole:
            // Checked whole and well formed before a run is read (`Table.isWellFormed`).
            preconditionFailure("a snapshot read whole holds what it was checked to hold")
        case .paged(let pages):
            pages.fail()
        }
    }

    /// The number at `offset`.
    @inline(__always)
    func load<T: FixedWidthInteger>(_ offset: Int, as type: T.Type) -> T {
        withBytes(offset..<(offset + MemoryLayout<T>.size)) { T(littleEndian: $0.loadUnaligned(as: T.self)) }
    }
}
