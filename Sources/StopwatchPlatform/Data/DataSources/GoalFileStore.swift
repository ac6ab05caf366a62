import StopwatchCore

/// The goals (`stopwatch goal`): `goals` in the state directory, a line a goal, as a person would
/// write them: `day 6h`, `day 8 pomodoros`, `week 30h`, with `#` comments; docs/state-format.md
/// describes it.
///
/// Read and written as the state is, through `StateDirectory`: replaced whole (a temporary file
/// renamed over it, synced) or not at all. A file that cannot be read is reported with its path
/// and line, and never rewritten: `goal` reads it before it writes.
public struct GoalFileStore: GoalStore {
    public let stateDirectory: String
    private let fileSystem: any FileSystem
    static let fileName = "goals"

    public init(stateDirectory: String, fileSystem: any FileSystem = SystemFileSystem()) {
        self.stateDirectory = stateDirectory
        self.fileSystem = fileSystem
    }

    public func read() throws -> Goals {
        guard let directory = try StateDirectory.open(stateDirectory, lock: .shared, on: fileSystem),
            let bytes = try directory.read(Self.fileName, limit: 64 * 1024)
        else { return Goals() }
        var goals = Goals()
        // Read as bytes, a line and a word at a time: a bar reads this file each second.
        var number = 0
        var start = bytes.startIndex
        while start < bytes.endIndex {
            number += 1
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            defer { start = end + 1 }
            let text = bytes[start..<end]
            var words: [String] = []
            var word: [UInt8] = []
            for byte in text {
                if byte == UInt8(ascii: "#") { break }
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                    if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
                    word = []
                } else {
                    word.append(byte)
                }
            }
            if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
            guard !words.isEmpty else { continue }
            let line = String(decoding: text, as: UTF8.self)
            guard let period = Goal.Period(rawValue: words[0]), words.count >= 2 else {
                throw StoreFailure(.invalidData, path: stateDirectory + "/" + Self.fileName, reason: .badGoal(line: number, line))
            }
            if words.count == 3, words[2] == "pomodoros" || words[2] == "pomodoro", let count = Int(words[1]), count > 0, count <= Goal.maximumCount {
                goals[period].count = count
            } else if let time = words.count == 2 ? Self.writtenTime(words[1]) ?? (try? DurationSyntax.parse(words[1])) : try? DurationSyntax.parse(Array(words.dropFirst()).joined(with: " ")) {
                goals[period].time = time
            } else {
                throw StoreFailure(.invalidData, path: stateDirectory + "/" + Self.fileName, reason: .badGoal(line: number, line))
            }
        }
        return goals
    }

    /// A time as `write` writes it (`Goal.text`: `30h`, `7h30m`, `45s`), read without the whole
    /// grammar, which costs a bar's reading a third again; nil for any other text, which
    /// `DurationSyntax` reads (a goal written by hand).
    static func writtenTime(_ text: String) -> Duration? {
        var seconds: Int64 = 0, number: Int64 = 0, digits = 0, units = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits < 9 else { return nil }
                number = number * 10 + Int64(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: "h"), UInt8(ascii: "m"), UInt8(ascii: "s"):
                let order = byte == UInt8(ascii: "h") ? 3 : byte == UInt8(ascii: "m") ? 2 : 1
                guard digits > 0, units == 0 || order < units else { return nil }
                seconds += number * (order == 3 ? 3600 : order == 2 ? 60 : 1)
                (number, digits, units) = (0, 0, order)
            default:
                return nil
            }
        }
        guard digits == 0, seconds > 0 else { return nil }
        return .seconds(seconds)
    }

    public func write(_ goals: Goals) throws {
        var text = "# stopwatch goals, set with 'stopwatch goal': a line a goal\n"
        for period in Goal.Period.allCases {
            if let time = goals[period].time { text += "\(period.rawValue) \(Goal.text(of: time))\n" }
            if let count = goals[period].count { text += "\(period.rawValue) \(count) pomodoros\n" }
        }
        let directory = try StateDirectory.create(stateDirectory, lock: .exclusive, on: fileSystem)
        try directory.replace(Self.fileName, with: Array(text.utf8))
    }
}
