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
        for (index, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.prefix { $0 != "#" }.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard !words.isEmpty else { continue }
            guard let period = Goal.Period(rawValue: words[0]), words.count >= 2 else {
                throw StoreFailure(.invalidData, path: stateDirectory + "/" + Self.fileName, reason: .badGoal(line: index + 1, String(line)))
            }
            if words.count == 3, words[2] == "pomodoros" || words[2] == "pomodoro", let count = Int(words[1]), count > 0, count <= Goal.maximumCount {
                goals[period].count = count
            } else if words.count == 2, let time = try? DurationSyntax.parse(words[1]) {
                goals[period].time = time
            } else {
                throw StoreFailure(.invalidData, path: stateDirectory + "/" + Self.fileName, reason: .badGoal(line: index + 1, String(line)))
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
