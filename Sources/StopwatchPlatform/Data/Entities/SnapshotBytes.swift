/// The body of a snapshot file (`HistorySnapshotFile`) as its table reads it: bytes by their
/// offset from the body's start, all in memory (`WholeSnapshotBytes`) or read a page at a time
/// (`PagedSnapshotBytes`).
protocol SnapshotBytes: Sendable {
    /// `body` given the bytes of `range`. Bytes that cannot be had (a page that fails its check)
    /// are given as zeros, and noted (`fail()`).
    func withBytes<Result>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Result) -> Result
    /// Notes that something read was not what a snapshot can hold: what was read is not trusted.
    func fail()
}

extension SnapshotBytes {
    /// The number at `offset`.
    func load<T: FixedWidthInteger>(_ offset: Int, as type: T.Type) -> T {
        withBytes(offset..<(offset + MemoryLayout<T>.size)) { T(littleEndian: $0.loadUnaligned(as: T.self)) }
    }
}

/// A snapshot's body in memory, every page checked before it is read (`HistorySnapshotFile.init?(_:)`).
struct WholeSnapshotBytes: SnapshotBytes {
    let bytes: [UInt8]
    /// Where the body begins in `bytes`.
    let start: Int

    func withBytes<Result>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[(start + range.lowerBound)..<(start + range.upperBound)])) }
    }

    func fail() {
        // Checked whole and well formed before a run is read (`Table.isWellFormed`).
        preconditionFailure("a snapshot read whole holds what it was checked to hold")
    }
}
