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
            } else if words.count == 2, let time = try? DurationSyntax.parse(words[1]) {
                goals[period].time = time
            } else {
                throw StoreFailure(.invalidData, path: stateDirectory + "/" + Self.fileName, reason: .badGoal(line: number, line))
            }
        }
        return goals
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
