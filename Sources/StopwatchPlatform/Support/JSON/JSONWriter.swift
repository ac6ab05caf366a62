/// Writes a `JSONValue` as text, object keys sorted: on one line with no spaces (documents, lap
/// lines), or indented two spaces a level with `"key" : value` members (the state file).
enum JSONWriter {
    static func compact(_ value: JSONValue) -> String {
        var text = ""
        write(value, into: &text, indent: nil)
        return text
    }

    static func pretty(_ value: JSONValue) -> String {
        var text = ""
        write(value, into: &text, indent: "")
        return text
    }

    /// `indent` is the current line's indentation when pretty, nil when compact.
    private static func write(_ value: JSONValue, into text: inout String, indent: String?) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .integer(let number): text += String(number)
        case .number(let literal): text += literal
        case .string(let string): writeString(string, into: &text)
        case .array(let elements):
            guard !elements.isEmpty else { text += "[]"; return }
            let inner = indent.map { $0 + "  " }
            text += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { text += "," }
                if let inner { text += "\n" + inner }
                write(element, into: &text, indent: inner)
            }
            if let indent { text += "\n" + indent }
            text += "]"
        case .object(let members):
            guard !members.isEmpty else { text += "{}"; return }
            let inner = indent.map { $0 + "  " }
            text += "{"
            for (position, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if position > 0 { text += "," }
                if let inner { text += "\n" + inner }
                writeString(member.key, into: &text)
                text += inner == nil ? ":" : " : "
                write(member.value, into: &text, indent: inner)
            }
            if let indent { text += "\n" + indent }
            text += "}"
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as it is
    /// (slashes and non-ASCII text included), appended in runs between escapes: a scalar at a time
    /// cost a bar's two-line tooltip some 30,000 instructions.
    private static func writeString(_ string: String, into text: inout String) {
        text += "\""
        let utf8 = string.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index < utf8.endIndex {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                utf8.formIndex(after: &index)
                continue
            }
            // Every byte escaped is ASCII, so the run ends on a character's boundary.
            if runStart < index { text.append(contentsOf: string[runStart..<index]) }
            switch byte {
            case UInt8(ascii: "\""): text += "\\\""
            case UInt8(ascii: "\\"): text += "\\\\"
            case UInt8(ascii: "\n"): text += "\\n"
            case UInt8(ascii: "\r"): text += "\\r"
            case UInt8(ascii: "\t"): text += "\\t"
            case 0x08: text += "\\b"
            case 0x0C: text += "\\f"
            default:
                let hex = String(byte, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            utf8.formIndex(after: &index)
            runStart = index
        }
        if runStart < index { text.append(contentsOf: string[runStart..<index]) }
        text += "\""
    }
}
