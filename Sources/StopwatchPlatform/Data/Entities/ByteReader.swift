/// Little-endian numbers read from bytes, each nil past the end.
struct ByteReader {
    let raw: UnsafeRawBufferPointer
    var position: Int
    let end: Int

    init(_ raw: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        self.raw = raw
        position = start
        self.end = end
    }

    var isAtEnd: Bool { position == end }

    mutating func u8() -> UInt8? {
        guard position < end else { return nil }
        defer { position += 1 }
        return raw[position]
    }

    mutating func u32() -> UInt32? {
        guard end - position >= 4 else { return nil }
        defer { position += 4 }
        return UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt32.self))
    }

    mutating func u64() -> UInt64? {
        guard end - position >= 8 else { return nil }
        defer { position += 8 }
        return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    }

    mutating func i64() -> Int64? { u64().map { Int64(bitPattern: $0) } }

    /// A count of things at least `size` bytes each: nil when the bytes left cannot hold them.
    mutating func count(ofSize size: Int) -> Int? {
        guard let count = u32(), Int(count) * size <= end - position else { return nil }
        return Int(count)
    }

    mutating func string(_ length: Int) -> String? {
        guard end - position >= length else { return nil }
        defer { position += length }
        return String(validating: UnsafeRawBufferPointer(rebasing: raw[position..<(position + length)]), as: UTF8.self)
    }
}
