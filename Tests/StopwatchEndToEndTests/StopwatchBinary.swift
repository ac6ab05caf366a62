import Foundation
import Testing

/// Runs the `stopwatch` executable with a private state directory, never the user's own.
///
/// The binary is `$STOPWATCH_BINARY` when that is set (`.ci/run` points it at the one
/// `scripts/install.sh` installs), else the one beside the test bundle, where SwiftPM builds every
/// product of the package.
final class StopwatchBinary {
    struct Result {
        /// The exit status, or the signal's number when `signaled`.
        var status: Int32
        var output: String
        var error: String
        /// True when a signal ended the process (a crash, or the time limit of `finish`).
        var signaled = false
    }

    static let path: String = {
        if let chosen = ProcessInfo.processInfo.environment["STOPWATCH_BINARY"], !chosen.isEmpty { return chosen }
        let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return tests.deletingLastPathComponent().appendingPathComponent("stopwatch").path
    }()

    /// A fresh temporary directory; the state directory is `state/` inside it, and `HOME` is it.
    let root: String
    var home: String { root + "/state" }

    /// This machine's file of history's changes (`history/events-MACHINE.tsv`), or nil before
    /// the first change: the one such file a test's state directory has.
    var historyFile: String? {
        let directory = home + "/history"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.first { $0.hasPrefix("events-") && $0.hasSuffix(".tsv") }.map { directory + "/" + $0 }
    }

    init() {
        var template = Array(
            URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("stopwatch-e2e.XXXXXX").path.utf8CString
        )
        root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    var environment: [String: String] {
        ["STOPWATCH_HOME": home, "HOME": root, "PATH": "/usr/bin:/bin", "LC_ALL": "C"]
    }

    /// The pids of the processes started as `stopwatch ARGUMENTS` with this test's state
    /// directory: the background waiters (`--run-expiry-hook NAME`) and the away watcher
    /// (`--watch-away`).
    func backgroundProcesses(_ arguments: [String]) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let commandLine = (["stopwatch"] + arguments).joined(separator: "\0") + "\0"
        return entries.compactMap(Int32.init).filter { pid in
            func read(_ file: String) -> String {
                (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/\(file)"))).map {
                    String(decoding: $0, as: UTF8.self)
                } ?? ""
            }
            return read("cmdline") == commandLine
                && read("environ").split(separator: "\0").contains("STOPWATCH_HOME=\(home)")
        }
    }

    /// Runs `stopwatch ARGUMENTS` and waits for it.
    @discardableResult
    func run(_ arguments: String..., environment: [String: String]? = nil) throws -> Result {
        try run(arguments, environment: environment)
    }

    @discardableResult
    func run(_ arguments: [String], environment: [String: String]? = nil, executable: String? = nil) throws -> Result {
        let process = try start(arguments, environment: environment, executable: executable)
        return try finish(process)
    }

    /// Starts `stopwatch ARGUMENTS` (or `executable` with them) without waiting; pair with `finish`.
    func start(_ arguments: [String], environment: [String: String]? = nil, executable: String? = nil) throws -> Process
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? Self.path)
        process.arguments = arguments
        process.environment = environment ?? self.environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        return process
    }

    /// Waits for `process` and collects its output; one still running after `timeLimit` seconds
    /// is killed, so a command that hangs fails its test instead of stalling the run.
    func finish(_ process: Process, timeLimit: Double = 60) throws -> Result {
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
        let output = (process.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
        let error = (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: output, as: UTF8.self),
            error: String(decoding: error, as: UTF8.self),
            signaled: process.terminationReason == .uncaughtSignal
        )
    }

    func file(_ name: String) -> String { home + "/" + name }

    /// The journal of stopwatch `name` this machine writes, `NAME@MACHINE.jsonl`.
    func journal(_ name: String) -> String { name + "@" + Self.machine + ".jsonl" }

    /// This machine's id as docs/state-format.md makes it: 16 hex digits of FNV-1a (64 bits) over
    /// a salt and the first line of `/etc/machine-id` (else D-Bus's copy, else `host:` and the host
    /// name). Worked out here apart from the tool, so that a test checks the documented rule.
    static let machine: String = {
        var named: [UInt8]?
        for path in ["/etc/machine-id", "/var/lib/dbus/machine-id"] {
            if let data = FileManager.default.contents(atPath: path),
                case let line = Array(data.prefix { $0 != UInt8(ascii: "\n") }), !line.isEmpty
            {
                named = line
                break
            }
        }
        let bytes =
            Array("stopwatch machine\n".utf8) + (named ?? Array(("host:" + ProcessInfo.processInfo.hostName).utf8))
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return (0..<16).map { String((hash >> UInt64(60 - 4 * $0)) & 0xF, radix: 16) }.joined()
    }()

    /// Whether `executable ARGUMENTS` runs and exits 0: a probe for what this machine allows.
    static func succeeds(_ executable: String, _ arguments: [String]) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: executable) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    func contents(_ name: String) -> Data? {
        FileManager.default.contents(atPath: file(name))
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The instant an RFC 3339 UTC time the tool printed names (`2026-11-21T13:55:11.323989Z`).
    static func secondsSinceEpoch(rfc3339 text: String) -> Double? {
        let characters = Array(text)
        guard characters.count > 20, characters.last == "Z" else { return nil }
        func number(_ range: Range<Int>) -> Int32? { Int32(String(characters[range])) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            let fraction = Double("0" + String(characters[19..<(characters.count - 1)]))
        else { return nil }
        var parts = tm()
        (parts.tm_year, parts.tm_mon, parts.tm_mday) = (year - 1900, month - 1, day)
        (parts.tm_hour, parts.tm_min, parts.tm_sec) = (hour, minute, second)
        return Double(timegm(&parts)) + fraction
    }

    /// Edits the state of the last line of `name`'s journal as JSON text, `"KEY":OLD` becoming
    /// `"KEY":VALUE` (the first in the state), and writes its check again, so the line still reads
    /// as whole: what a person editing the file with care, or a buggy tool, could leave.
    func editJournal(_ name: String, _ key: String, to value: String) throws {
        let path = file(journal(name))
        var lines = String(decoding: try #require(contents(journal(name))), as: UTF8.self).split(separator: "\n").map(
            String.init)
        let last = try #require(lines.last)
        let state = try #require(last.range(of: #""state":{"#))
        let pattern = try Regex(#""\#(key)":("(\\.|[^"\\])*"|[^,}\]]*)"#)
        let edited =
            String(last[..<state.upperBound])
            + String(last[state.upperBound...]).replacing(pattern, with: #""\#(key)":\#(value)"#, maxReplacements: 1)
        #expect(last[state.upperBound...].contains("\"\(key)\":"), "\(journal(name)) has \(key) in its state")
        lines[lines.count - 1] = Self.withCheck(edited)
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// The state in the last line of `name`'s journal, as JSON.
    func lastState(_ name: String) throws -> [String: Any] {
        let text = String(decoding: try #require(contents(journal(name))), as: UTF8.self)
        let line = try #require(text.split(separator: "\n").last)
        return try #require(try json(String(line))["state"] as? [String: Any])
    }

    /// `line` with the check of its content written in, as docs/state-format.md defines it: the
    /// CRC-32 (zlib's) of the bytes after `{"check":"XXXXXXXX",`.
    static func withCheck(_ line: String) -> String {
        let bytes = Array(line.utf8)
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes[20...] {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        let hex = String(crc ^ 0xFFFF_FFFF, radix: 16)
        return #"{"check":""# + String(repeating: "0", count: 8 - hex.count) + hex + String(line.dropFirst(18))
    }

    /// The stopwatches' files in the state directory: all but history's directory.
    func stateFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: home)) ?? []).filter { $0 != "history" }.sorted()
    }
}
