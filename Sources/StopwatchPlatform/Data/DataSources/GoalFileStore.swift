import StopwatchCore

/// The goals (`stopwatch goal`), in the state directory: each machine's changes in a file of its
/// own, `goals-MACHINE`, a line a change with when it was made (`day 6h since
/// 2026-11-28T09:15:00.000000Z`), so that no file is written on two machines (a git pull never
/// meets a conflict in it) and a goal set today measures today and after, not the days before;
/// and `goals`, as builds before dated goals wrote it, a line a goal (`day 6h`), read as standing
/// for every day and never written. docs/state-format.md describes both.
///
/// Read and written as the state is, through `StateDirectory`: replaced whole (a temporary file
/// renamed over it, synced) or not at all. A file that cannot be read is reported with its path
/// and line, and never rewritten: `goal` reads them before it writes.
public struct GoalFileStore: GoalStore {
    public let stateDirectory: String
    private let fileSystem: any FileSystem
    /// This machine's id, which names the file it writes, asked for when it writes; nil writes
    /// none (the goals are read only).
    private let machine: (@Sendable () -> String)?
    private let timeSource: (any TimeSource)?
    static let fileName = "goals"
    static let prefix = "goals-"

    public init(
        stateDirectory: String, fileSystem: any FileSystem = SystemFileSystem(),
        machine: (@Sendable () -> String)? = nil, timeSource: (any TimeSource)? = nil
    ) {
        self.stateDirectory = stateDirectory
        self.fileSystem = fileSystem
        self.machine = machine
        self.timeSource = timeSource
    }

    /// The goals in effect now: every change made.
    public func read() throws -> Goals {
        GoalChange.goals(on: .max, of: try timeline())
    }

    /// Every change: those of `goals` first (undated), then each machine's, by when they were made.
    public func timeline() throws -> [GoalChange] {
        guard let directory = try StateDirectory.open(stateDirectory, lock: .shared, on: fileSystem) else { return [] }
        var changes: [GoalChange] = []
        if let bytes = try directory.read(Self.fileName, limit: 64 * 1024) {
            let goals = try Self.undated(bytes, path: stateDirectory + "/" + Self.fileName)
            for period in Goal.Period.allCases {
                if let time = goals[period].time {
                    changes.append(GoalChange(period: period, since: nil, time: .some(time)))
                }
                if let count = goals[period].count {
                    changes.append(GoalChange(period: period, since: nil, count: .some(count)))
                }
            }
        }
        var dated: [(since: Duration, file: String, line: Int, change: GoalChange)] = []
        for file in try directory.fileNames().sorted() where file.hasPrefix(Self.prefix) && !file.hasPrefix(".") {
            guard let bytes = try directory.read(file, limit: 256 * 1024) else { continue }
            for (number, change) in try Self.dated(bytes, path: stateDirectory + "/" + file).enumerated() {
                dated.append((change.since ?? .zero, file, number, change))
            }
        }
        // One order on every machine: when made, then which machine, then the line.
        changes += dated.sorted { ($0.since, $0.file, $0.line) < ($1.since, $1.file, $1.line) }.map(\.change)
        return changes
    }

    /// Keeps `goals` from now on: the change of each period's time and count from those in effect,
    /// appended to this machine's file.
    public func write(_ goals: Goals) throws {
        guard let machine, let timeSource else {
            throw StoreFailure(.misconfigured, path: stateDirectory, reason: .homeUnset)
        }
        let kept = try read()
        let now = timeSource.now().wall
        var lines = ""
        for period in Goal.Period.allCases {
            let (was, will) = (kept[period], goals[period])
            if was.time != will.time {
                lines +=
                    "\(period.rawValue) \(will.time.map(Goal.text(of:)) ?? "no time") since \(RFC3339Timestamp.string(from: now))\n"
            }
            if was.count != will.count {
                lines +=
                    "\(period.rawValue) \(will.count.map { "\($0) pomodoros" } ?? "no pomodoros") since \(RFC3339Timestamp.string(from: now))\n"
            }
        }
        guard !lines.isEmpty else { return }
        let file = Self.prefix + machine()
        let directory = try StateDirectory.create(stateDirectory, lock: .exclusive, on: fileSystem)
        var bytes =
            try directory.read(file, limit: 256 * 1024)
            ?? Array("# stopwatch goals set on this machine with 'stopwatch goal': a change a line\n".utf8)
        if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        try directory.replace(file, with: bytes + Array(lines.utf8))
    }

    /// A machine's file of changes: `PERIOD TIME since INSTANT`, `PERIOD COUNT pomodoros since
    /// INSTANT`, `PERIOD no time since …`, `PERIOD no pomodoros since …`; `#` comments. A last
    /// line with no newline that does not read is a change still arriving (a sync engine carries
    /// an append in pieces): passed over, as a journal's torn last line is.
    static func dated(_ bytes: [UInt8], path: String) throws -> [GoalChange] {
        var changes: [GoalChange] = []
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, text) in lines.enumerated() {
            do {
                if let change = try change(in: text, number: index + 1, path: path) { changes.append(change) }
            } catch  where index == lines.count - 1 && bytes.last != UInt8(ascii: "\n") {
                continue
            }
        }
        return changes
    }

    /// The change line `number` of a machine's file, `text`, makes; nil for a blank line or a
    /// comment.
    private static func change(in text: Substring, number: Int, path: String) throws -> GoalChange? {
        let line = String(text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        guard !words.isEmpty else { return nil }
        func bad() -> StoreFailure {
            StoreFailure(.invalidData, path: path, reason: .badGoal(line: number, String(text)))
        }
        guard words.count >= 4, let period = Goal.Period(rawValue: words[0]), words[words.count - 2] == "since",
            let since = RFC3339Timestamp.duration(from: words[words.count - 1])
        else { throw bad() }
        let value = Array(words[1..<(words.count - 2)])
        switch value {
        case ["no", "time"]: return GoalChange(period: period, since: since, time: .some(nil))
        case ["no", "pomodoros"]: return GoalChange(period: period, since: since, count: .some(nil))
        case _ where value.count == 2 && (value[1] == "pomodoros" || value[1] == "pomodoro"):
            guard let count = Int(value[0]), count > 0, count <= Goal.maximumCount else { throw bad() }
            return GoalChange(period: period, since: since, count: .some(count))
        case _ where value.count == 1:
            guard let time = Self.writtenTime(value[0]) ?? (try? DurationSyntax.parse(value[0])) else { throw bad() }
            return GoalChange(period: period, since: since, time: .some(time))
        default:
            throw bad()
        }
    }

    /// `goals` as builds before dated goals wrote it: a line a goal, `day 6h`, `day 8 pomodoros`.
    static func undated(_ bytes: [UInt8], path: String) throws -> Goals {
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
                throw StoreFailure(.invalidData, path: path, reason: .badGoal(line: number, line))
            }
            if words.count == 3, words[2] == "pomodoros" || words[2] == "pomodoro", let count = Int(words[1]),
                count > 0, count <= Goal.maximumCount
            {
                goals[period].count = count
            } else if let time = words.count == 2
                ? Self.writtenTime(words[1]) ?? (try? DurationSyntax.parse(words[1]))
                : try? DurationSyntax.parse(Array(words.dropFirst()).joined(with: " "))
            {
                goals[period].time = time
            } else {
                throw StoreFailure(.invalidData, path: path, reason: .badGoal(line: number, line))
            }
        }
        return goals
    }

    /// A time as `write` writes it (`Goal.text`: `30h`, `7h30m`, `45s`), read without the whole
    /// grammar, which costs a bar's reading a third again; nil for any other text, which
    /// `DurationSyntax` reads (a goal written by hand).
    static func writtenTime(_ text: String) -> Duration? {
        var seconds: Int64 = 0
        var number: Int64 = 0
        var digits = 0
        var units = 0
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
}
