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
    /// (slashes and non-ASCII text included).
    private static func writeString(_ string: String, into text: inout String) {
        text += "\""
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            text += string
            text += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{8}": text += "\\b"
            case "\u{C}": text += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
