/// Little-endian numbers appended a byte at a time: appending each number's bytes as a buffer
/// was a third of making a snapshot of a hundred thousand runs.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u8(_ value: UInt8) { bytes.append(value) }
    mutating func u32(_ value: UInt32) { append(value) }
    mutating func u64(_ value: UInt64) { append(value) }
    mutating func i64(_ value: Int64) { append(UInt64(bitPattern: value)) }

    @inline(__always)
    private mutating func append<T: FixedWidthInteger>(_ value: T) {
        var rest = value
        for _ in 0..<MemoryLayout<T>.size {
            bytes.append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
    }
}
