import Foundation
import StopwatchPlatform
import Synchronization

/// A `TextOutput` that keeps what was written, for asserting exact bytes.
final class RecordingOutput: TextOutput, @unchecked Sendable {
    private let storage = Mutex<[String]>([])
    /// Signalled on each write, for `waitUntil(_:)`.
    private let written = NSCondition()

    /// Each `write` call's text, in order.
    var writes: [String] { storage.withLock { $0 } }
    var text: String { writes.joined() }

    func write(_ text: String) {
        storage.withLock { $0.append(text) }
        written.lock()
        written.broadcast()
        written.unlock()
    }

    /// Waits until what was written satisfies `condition`, woken by each write rather than at
    /// fixed times; false if it still does not after 10 s.
    func waitUntil(_ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        written.lock()
        defer { written.unlock() }
        while !condition(text) {
            guard written.wait(until: deadline) else { return condition(text) }
        }
        return true
    }

    func clear() {
        storage.withLock { $0.removeAll() }
    }
}

/// A fresh directory under the system's temporary directory, removed with everything in it on deinit.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array(
            URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("stopwatch-tests.XXXXXX").path
                .utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func bytes(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file(name)).map(Array.init)
    }

    func write(_ name: String, _ text: String) {
        _ = FileManager.default.createFile(atPath: file(name), contents: Data(text.utf8))
    }

    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    func mode(_ name: String? = nil) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: name.map(file) ?? path)
        return (attributes?[.posixPermissions] as? Int) ?? -1
    }
}
