extension String {
    /// The text with its control characters written as escapes (`\n`, `\t`, `\u{1B}`), so it prints
    /// on one line and cannot send escape sequences to a terminal.
    ///
    /// Everything else, backslashes included, is left as it is, so escaping twice changes nothing.
    package var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isControlCharacter) else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\r": escaped += "\\r"
            case _ where scalar.isControlCharacter:
                escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `'text'` with control characters escaped: how a message repeats what someone typed.
    package var quotedForMessage: String {
        "'" + escapingControlCharacters + "'"
    }
}

extension Unicode.Scalar {
    /// The C0 and C1 controls, DEL, and the Unicode line and paragraph separators: what would
    /// break a line or drive a terminal if printed as it is.
    package var isControlCharacter: Bool {
        if value >= 0x20 && value < 0x7F { return false }
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
