import Glibc
import StopwatchCore

/// The tab-separated fields of a history line, read one after the other without copying.
struct FieldCursor {
    let line: ArraySlice<UInt8>
    var position: Int
    /// The field read last.
    var field: ArraySlice<UInt8> = []
    /// How many fields were read, and whether one was asked for past the end.
    var count = 0
    var isShort = false

    init(line: ArraySlice<UInt8>, start: Int) {
        self.line = line
        position = start
    }

    var isAtEnd: Bool { position > line.endIndex }
    var text: String { String(decoding: field, as: UTF8.self) }

    mutating func next() -> ArraySlice<UInt8> {
        guard position <= line.endIndex else {
            isShort = true
            field = []
            return field
        }
        // The tab found by `memchr`, many bytes a step: a report reads a hundred thousand lines.
        let end = line.withUnsafeBufferPointer { buffer -> Int in
            let offset = position - line.startIndex
            guard let base = buffer.baseAddress, offset < buffer.count,
                let found = memchr(base + offset, Int32(UInt8(ascii: "\t")), buffer.count - offset)
            else { return line.endIndex }
            return line.startIndex + base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        field = line[position..<end]
        position = end + 1
        count += 1
        return field
    }

    /// The next field as a whole number in `range`.
    mutating func number(_ name: String, _ range: StoredRange) throws(EntityError) -> Int64 {
        guard let value = Self.integer(next()) else { throw .badHistoryField(field: name, value: text) }
        try range.check(value, name)
        return value
    }

    /// Decimal digits with an optional `-`, at most 18 of them; nil for anything else.
    static func integer(_ bytes: ArraySlice<UInt8>) -> Int64? {
        bytes.withUnsafeBufferPointer { digits -> Int64? in
            let negative = digits.first == UInt8(ascii: "-")
            let start = negative ? 1 : 0
            guard digits.count > start, digits.count - start <= 18 else { return nil }
            var value: Int64 = 0
            for index in start..<digits.count {
                let digit = digits[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int64(digit)
            }
            return negative ? -value : value
        }
    }
}

extension ArraySlice where Element == UInt8 {
    /// Whether these bytes are `word`'s: compared with `memcmp`, for the fields of a history line.
    func isWord(_ word: StaticString) -> Bool {
        count == word.utf8CodeUnitCount
            && withUnsafeBufferPointer { memcmp($0.baseAddress!, word.utf8Start, count) == 0 }
    }
}
