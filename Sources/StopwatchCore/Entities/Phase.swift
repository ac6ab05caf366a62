/// One phase of a sequence: a label (`work`, `rest`) and how long it lasts.
public struct Phase: Sendable, Hashable {
    /// The longest label, in bytes.
    public static let maximumLabelLength = 32

    /// What it is called: 1 to 32 ASCII letters, digits, `-` and `_`, a letter first.
    public var label: String
    /// How long it lasts as planned.
    public var duration: Duration

    /// Unchecked: `problem(withLabel:)` and a positive duration are the caller's to check, as the
    /// command line and the state file do.
    public init(_ label: String, _ duration: Duration) {
        self.label = label
        self.duration = duration
    }

    /// Why `label` cannot be a phase's label, or nil when it can: 1 to 32 ASCII letters, digits,
    /// `-` or `_`, starting with a letter. It becomes an environment value and a status bar's CSS
    /// class, so it stays a plain word.
    public static func problem(withLabel label: String) -> LabelProblem? {
        let bytes = Array(label.utf8)
        guard !bytes.isEmpty else { return .empty }
        guard bytes.count <= maximumLabelLength else { return .tooLong }
        guard let first = bytes.first, isLetter(first) else { return .notAWord }
        let isWordByte = { (byte: UInt8) in
            isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_")
        }
        return bytes.allSatisfy(isWordByte) ? nil : .notAWord
    }

    /// Why a text cannot label a phase, as a fact the Platform puts into words.
    public enum LabelProblem: Sendable, Hashable {
        /// No label at all.
        case empty
        /// Longer than `maximumLabelLength` bytes.
        case tooLong
        /// Not a word of ASCII letters, digits, `-` and `_` starting with a letter.
        case notAWord
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
