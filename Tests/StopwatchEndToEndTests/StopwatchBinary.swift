import Foundation
import Testing

/// Runs the built `stopwatch` executable with a private state directory, never the user's own.
///
/// The binary is found beside the test bundle, where SwiftPM builds every product of the package.
final class StopwatchBinary {
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    static let path: String = {
        let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return tests.deletingLastPathComponent().appendingPathComponent("stopwatch").path
    }()

    /// A fresh temporary directory; the state directory is `state/` inside it, and `HOME` is it.
    let root: String
    var home: String { root + "/state" }

    init() {
        var template = Array(URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("stopwatch-e2e.XXXXXX").path.utf8CString)
        root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    var environment: [String: String] {
        ["STOPWATCH_HOME": home, "HOME": root, "PATH": "/usr/bin:/bin", "LC_ALL": "C"]
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
    func start(_ arguments: [String], environment: [String: String]? = nil, executable: String? = nil) throws -> Process {
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

    func finish(_ process: Process) throws -> Result {
        let output = (process.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
        let error = (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: output, as: UTF8.self),
            error: String(decoding: error, as: UTF8.self)
        )
    }

    func file(_ name: String) -> String { home + "/" + name }

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

    func stateFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: home)) ?? []).sorted()
    }
}
