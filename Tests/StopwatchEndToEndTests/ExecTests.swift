import Foundation
import Testing

/// `--exec`: a command run at zero through `/bin/sh -c`, detached, with the countdown in its
/// environment; each test waits for the file the command writes, never a fixed time.
@Suite struct ExecTests {
    let stopwatch = StopwatchBinary()

    /// Waits up to 10 s for `file` to exist, and returns what it holds.
    func contents(of file: String) -> String? {
        guard waitUntil({ FileManager.default.fileExists(atPath: file) }) else { return nil }
        var text: String?
        _ = waitUntil { text = try? String(contentsOfFile: file, encoding: .utf8); return text?.hasSuffix("\n") == true }
        return text
    }

    /// The pids of processes whose command line contains `text`.
    func processes(containing text: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            let line = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))).map { String(decoding: $0, as: UTF8.self) }
            return line?.contains(text) == true
        }
    }

    @Test func timerExecRunsTheCommandAtZeroFromTheBackgroundWithTheCountdownInItsEnvironment() throws {
        let file = stopwatch.root + "/fired"
        let result = try stopwatch.run("timer", "0.3s", "tea", "--exec", "echo \"$STOPWATCH_NAME $STOPWATCH_DURATION $STOPWATCH_DURATION_MS\" >'\(file)'")
        #expect(result.status == 0, "timer returns at once")
        #expect(result.output.hasPrefix("tea: running "))
        #expect(contents(of: file) == "tea 00:00.30 300\n")
        #expect(try stopwatch.run("status", "tea").output.hasPrefix("tea: expired "), "never before zero")
    }

    @Test func waitExecRunsItWhenTheWaitEnds() throws {
        let file = stopwatch.root + "/waited"
        try stopwatch.run("timer", "0.2s", "egg")
        let result = try stopwatch.run("wait", "egg", "--exec", "echo done >'\(file)'")
        #expect(result.status == 0)
        #expect(contents(of: file) == "done\n")
    }

    @Test func aCountdownDeletedBeforeZeroNeverRunsIt() throws {
        let file = stopwatch.root + "/never"
        try stopwatch.run("timer", "1h", "gone", "--exec", "touch '\(file)'")
        #expect(waitUntil { !processes(containing: file).isEmpty }, "the background wait runs")
        try stopwatch.run("delete", "gone")
        #expect(waitUntil { processes(containing: file).isEmpty }, "and ends with the countdown")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func aCountdownGivenLessTimeRunsItAtItsNewZero() throws {
        let file = stopwatch.root + "/sooner"
        try stopwatch.run("timer", "1h", "cut", "--exec", "echo cut >'\(file)'")
        #expect(waitUntil { !processes(containing: file).isEmpty })
        try stopwatch.run("timer", "cut", "--add", "-59m59.7s")
        #expect(contents(of: file) == "cut\n")
    }

    @Test func theLiveViewRunsItToo() throws {
        let file = stopwatch.root + "/live"
        let result = try stopwatch.run("timer", "0.2s", "view", "--watch", "--exec", "echo live >'\(file)'")
        #expect(result.status == 0)
        #expect(contents(of: file) == "live\n")
    }
}
