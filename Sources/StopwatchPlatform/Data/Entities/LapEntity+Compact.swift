extension LapEntity {
    /// The lap object exactly as `JSONWriter.compact` writes it (its keys in order, no blanks,
    /// a label with no escape), read without building a JSON value; nil for anything else, which
    /// the caller reads as JSON. `laps` of a hundred thousand laps spent a sixth of its time in
    /// the general reader.
    init?(compact bytes: ArraySlice<UInt8>) {
        guard let (lap, end) = Self.compact(atStartOf: bytes), end == bytes.endIndex else { return nil }
        self = lap
    }

    /// The lap object written compactly (as `init(compact:)` reads it) at the start of `bytes`,
    /// and the index just past its closing brace: a journal line's lap is read where it lies,
    /// without first finding where it ends.
    static func compact(atStartOf bytes: ArraySlice<UInt8>) -> (LapEntity, end: Int)? {
        var cursor = bytes.startIndex
        func take(_ literal: StaticString) -> Bool {
            guard bytes.holds(literal, at: cursor) else { return false }
            cursor += literal.utf8CodeUnitCount
            return true
        }
        /// A string up to its closing quote, which it takes; nil at an escape or a control byte.
        func string() -> String? {
            let start = cursor
            while cursor < bytes.endIndex {
                let byte = bytes[cursor]
                if byte == UInt8(ascii: "\"") {
                    defer { cursor += 1 }
                    return String(decoding: bytes[start..<cursor], as: UTF8.self)
                }
                guard byte != UInt8(ascii: "\\"), byte >= 0x20 else { return nil }
                cursor += 1
            }
            return nil
        }
        func integer() -> Int64? {
            var value: Int64 = 0
            var digits = 0
            let negative = cursor < bytes.endIndex && bytes[cursor] == UInt8(ascii: "-")
            if negative { cursor += 1 }
            while cursor < bytes.endIndex, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9"),
                digits < 18
            {
                value = value * 10 + Int64(bytes[cursor] - UInt8(ascii: "0"))
                cursor += 1
                digits += 1
            }
            guard digits > 0, cursor < bytes.endIndex, bytes[cursor] != UInt8(ascii: ".") else { return nil }
            return negative ? -value : value
        }
        guard take("{") else { return nil }
        var label: String?
        if take("\"label\":\"") {
            guard let text = string(), take(",") else { return nil }
            label = text
        }
        guard take("\"lapMicroseconds\":"), let lap = integer(), take(",\"number\":"), let number = integer(),
            take(",\"recordedAt\":\""),
            let recordedAt = string(), take(",\"totalMicroseconds\":"), let total = integer(), take("}"),
            let count = Int(exactly: number)
        else { return nil }
        return (
            LapEntity(
                number: count, lapMicroseconds: lap, totalMicroseconds: total, label: label, recordedAt: recordedAt),
            cursor
        )
    }
}
