/// The rule of a tag a run is given (`start --tag billable,client-a`): 1 to 32 ASCII letters,
/// digits, `-`, `_` or `.`, beginning with a letter or digit; so a tag needs no quoting in a
/// history line, a CSV field or a shell.
public enum Tag {
    /// The longest tag, in characters.
    public static let maximumLength = 32
    /// The most tags a run can have.
    public static let maximumCount = 16

    /// Whether `tag` keeps the rule above.
    public static func isValid(_ tag: String) -> Bool {
        let bytes = tag.utf8
        guard (1...maximumLength).contains(bytes.count), let first = bytes.first, isLetterOrDigit(first) else {
            return false
        }
        return bytes.allSatisfy {
            isLetterOrDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
        }
    }

    /// `tags` sorted, each once: how a run holds them.
    public static func normalized(_ tags: [String]) -> [String] {
        Array(Set(tags)).sorted()
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
