/// A validated stopwatch name: 1–64 ASCII letters, digits, `.`, `_` or `-`, not starting with `.`
/// or `-`.
///
/// Names become file names, so the rules keep them free of path separators and hidden-file prefixes;
/// a leading `-` would read as an option. Letters are ASCII only, so every name means the same file
/// on every file system.
public struct StopwatchName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The name the commands of a stopwatch use when none is given.
    public static let `default` = StopwatchName(unchecked: "default")
    /// The name `timer` and `wait` use when none is given.
    public static let timer = StopwatchName(unchecked: "timer")
    /// The name `cycle` and `next` use when none is given.
    public static let cycle = StopwatchName(unchecked: "cycle")
    /// The longest name, in UTF-8 bytes (ASCII: characters).
    public static let maximumLength = 64

    /// The name as typed, and as its files are named.
    public let rawValue: String

    /// Returns nil when `rawValue` breaks the naming rules.
    public init?(_ rawValue: String) {
        guard Self.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }

    /// The name itself.
    public var description: String { rawValue }

    /// In byte order, as `list` sorts them.
    public static func < (lhs: StopwatchName, rhs: StopwatchName) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// Whether `candidate` keeps the naming rules above.
    public static func isValid(_ candidate: String) -> Bool {
        let bytes = candidate.utf8
        guard (1...maximumLength).contains(bytes.count), bytes.first != UInt8(ascii: "."),
            bytes.first != UInt8(ascii: "-")
        else {
            return false
        }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }
    }
}
