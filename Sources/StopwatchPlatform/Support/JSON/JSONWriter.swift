/// Writes a `JSONValue` as text, object keys sorted: on one line with no spaces (documents, lap
/// lines), or indented two spaces a level with `"key" : value` members (the state file).
///
/// Written as UTF-8 bytes, then made a string once: appending to a string a piece at a time was
/// half of what each change of a stopwatch (its journal line, some 700 bytes) cost.
enum JSONWriter {
    static func compact(_ value: JSONValue) -> String {
        String(decoding: compactBytes(value), as: UTF8.self)
    }

    /// `compact`'s text as its UTF-8 bytes: what a journal line holds.
    static func compactBytes(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        write(value, into: &bytes, indent: nil)
        return bytes
    }

    static func pretty(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        write(value, into: &bytes, indent: 0)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `indent` is the current line's indentation in spaces when pretty, nil when compact.
    private static func write(_ value: JSONValue, into bytes: inout [UInt8], indent: Int?) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let number): writeInteger(number, into: &bytes)
        case .number(let literal): bytes.append(contentsOf: literal.utf8)
        case .string(let string): writeString(string, into: &bytes)
        case .array(let elements):
            guard !elements.isEmpty else { return bytes.append(contentsOf: "[]".utf8) }
            let inner = indent.map { $0 + 2 }
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                if let inner { newline(inner, into: &bytes) }
                write(element, into: &bytes, indent: inner)
            }
            if let indent { newline(indent, into: &bytes) }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { return bytes.append(contentsOf: "{}".utf8) }
            let inner = indent.map { $0 + 2 }
            bytes.append(UInt8(ascii: "{"))
            for (position, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                if let inner { newline(inner, into: &bytes) }
                writeString(member.key, into: &bytes)
                bytes.append(contentsOf: (inner == nil ? ":" : " : ").utf8)
                write(member.value, into: &bytes, indent: inner)
            }
            if let indent { newline(indent, into: &bytes) }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ indent: Int, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    /// An integer's decimal digits, written in place (no string made for it).
    private static func writeInteger(_ number: Int64, into bytes: inout [UInt8]) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        // The magnitude as unsigned: Int64.min has none as an Int64.
        var magnitude = number.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as it is
    /// (slashes and non-ASCII text included), its bytes copied in runs between escapes, from where
    /// they lie, not through a substring's view.
    private static func writeString(_ string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
                case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
                case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
                case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
                case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
                case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
                default:
                    let digits = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: #"\u00"#.utf8)
                    bytes.append(digits[Int(byte >> 4)])
                    bytes.append(digits[Int(byte & 0x0F)])
                }
                runStart = index + 1
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
