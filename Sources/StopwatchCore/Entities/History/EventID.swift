/// What tells one event of history from every other, on every machine: 128 random bits, written
/// as 32 lower-case hex digits. A run keeps its id for good, whatever is corrected; a person types
/// a prefix of it (`history` shows the first `shortLength` digits), as with git's commits.
public struct EventID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The first 64 bits (the first 16 hex digits).
    public var high: UInt64
    /// The last 64 bits.
    public var low: UInt64

    /// How many hex digits a table shows: 32 bits, so that a hundred thousand runs rarely share
    /// one (a shown id is made longer where two do, `ShortIDs`).
    public static let shortLength = 8
    /// The fewest digits a typed id may have.
    public static let minimumPrefix = 4

    /// The id of these 128 bits.
    @inlinable
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// 32 hex digits (either case); nil for anything else. Inlined, for a report reads a hundred
    /// thousand of them.
    @inlinable
    public init?(hex: ArraySlice<UInt8>) {
        guard hex.count == 32 else { return nil }
        let parsed: (UInt64, UInt64)? = hex.withUnsafeBufferPointer { digits in
            var high: UInt64 = 0
            var low: UInt64 = 0
            for index in 0..<16 {
                guard let first = Self.digit(digits[index]), let second = Self.digit(digits[index + 16]) else {
                    return nil
                }
                high = high << 4 | first
                low = low << 4 | second
            }
            return (high, low)
        }
        guard let parsed else { return nil }
        self.init(high: parsed.0, low: parsed.1)
    }

    /// The id `text` writes in 32 hex digits (either case); nil for anything else.
    public init?(_ text: String) {
        self.init(hex: ArraySlice(text.utf8))
    }

    /// An id for a run kept before runs had ids (0.4.0's `runs.tsv`): made from what told its run
    /// from others, its name and start, so it is the same on every reading and every machine.
    public static func derived(name: StopwatchName, start: Duration) -> EventID {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in name.rawValue.utf8 + Array("@\(start.wholeMicroseconds)".utf8) {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 ^ (second >> 29)
        }
        return EventID(high: mix(first), low: mix(second))
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The 32 hex digits.
    public var hex: String {
        String(decoding: hexBytes, as: UTF8.self)
    }

    /// The 32 hex digits as ASCII bytes, for writers that build lines in bytes.
    public var hexBytes: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 32)
        for index in 0..<32 {
            let word = index < 16 ? high : low
            let shift = UInt64((15 - index % 16) * 4)
            bytes[index] = Self.hexDigits[Int((word >> shift) & 0xf)]
        }
        return bytes
    }

    /// The 32 hex digits.
    public var description: String { hex }

    /// The first `length` hex digits.
    public func prefix(_ length: Int) -> String {
        String(hex.prefix(length))
    }

    /// Whether `prefix` (hex digits, either case) begins this id.
    public func hasPrefix(_ prefix: String) -> Bool {
        let typed = Array(prefix.lowercased().utf8)
        return typed.count <= 32 && hexBytes.starts(with: typed)
    }

    /// A typed prefix of an id (`isPrefix`), compared with ids as numbers: a correction tries it
    /// on every run history keeps.
    public struct Prefix: Sendable, Hashable {
        private var high: UInt64 = 0, highMask: UInt64 = 0
        private var low: UInt64 = 0, lowMask: UInt64 = 0

        /// Hex digits past the 32nd, or that are none, match no id.
        public init(_ text: String) {
            let digits = Array(text.lowercased().utf8)
            guard digits.count <= 32, digits.allSatisfy({ EventID.digit($0) != nil }) else {
                // Matches nothing: a mask of every bit, and a value no id's bits can give beside it.
                highMask = .max
                lowMask = 1
                low = 2
                return
            }
            for (index, digit) in digits.enumerated() {
                let value = EventID.digit(digit)!
                if index < 16 {
                    let shift = UInt64(60 - 4 * index)
                    high |= value << shift
                    highMask |= 0xF << shift
                } else {
                    let shift = UInt64(60 - 4 * (index - 16))
                    low |= value << shift
                    lowMask |= 0xF << shift
                }
            }
        }

        /// Whether `id` begins with the digits typed.
        public func matches(_ id: EventID) -> Bool {
            id.high & highMask == high && id.low & lowMask == low
        }

        /// The least and the greatest ids it could match: those it matches lie between them, in
        /// the order of `<`, for a search by halving.
        public var first: EventID { EventID(high: high, low: low) }
        /// The greatest id it could match.
        public var last: EventID { EventID(high: high | ~highMask, low: low | ~lowMask) }
    }

    /// Whether `text` could be a typed id: `minimumPrefix` to 32 hex digits.
    public static func isPrefix(_ text: String) -> Bool {
        (minimumPrefix...32).contains(text.utf8.count) && text.utf8.allSatisfy { digit($0) != nil }
    }

    /// By their bits, as their hex digits sort.
    public static func < (left: EventID, right: EventID) -> Bool {
        (left.high, left.low) < (right.high, right.low)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    @inlinable
    static func digit(_ byte: UInt8) -> UInt64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt64(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
