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
        var end = position
        while end < line.endIndex, line[end] != UInt8(ascii: "\t") { end += 1 }
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
        var digits = bytes
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }
}
