/// Words joined into one line a shell reads back as the same words: each quoted only if it needs
/// it, `'…'`, or `$'…'` with escapes for one holding control characters, so the line is always
/// one line. What `run` prints of its command and how a suggested command is written.
enum ShellWords {
    static func line(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }

    static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "_-./=:,+@%".unicodeScalars.contains(scalar))
            }
        if plain { return word }
        guard word.unicodeScalars.contains(where: \.isControlCharacter) else {
            return "'" + word.replacing("'", with: #"'\''"#) + "'"
        }
        var quoted = "$'"
        for scalar in word.unicodeScalars {
            switch scalar {
            case "'", "\\": quoted += "\\" + String(scalar)
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case _ where scalar.isControlCharacter:
                quoted +=
                    scalar.value < 0x100 ? "\\x" + hex(scalar.value, digits: 2) : "\\u" + hex(scalar.value, digits: 4)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
