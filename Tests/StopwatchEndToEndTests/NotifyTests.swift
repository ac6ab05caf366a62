import Foundation
import Testing

/// `--notify`: a fake `notify-send` on PATH records what it was given.
@Suite struct NotifyTests {
    let stopwatch = StopwatchBinary()

    /// An environment whose PATH starts with a `notify-send` that appends its arguments, one a
    /// line, to the returned file.
    func fakeNotifySend() throws -> (environment: [String: String], record: String) {
        let directory = stopwatch.root + "/bin"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let record = stopwatch.root + "/notifications"
        let script = directory + "/notify-send"
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" >>'\(record)'\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        var environment = stopwatch.environment
        environment["PATH"] = directory + ":/usr/bin:/bin"
        return (environment, record)
    }

    /// Waits up to 10 s for `file` to hold `text`.
    func wait(for text: String, in file: String) -> String? {
        for _ in 0..<200 {
            if let contents = try? String(contentsOfFile: file, encoding: .utf8), contents.contains(text) {
                return contents
            }
            usleep(50_000)
        }
        return nil
    }

    @Test func aWatchedCountdownSendsADesktopNotificationAtZero() throws {
        let (environment, record) = try fakeNotifySend()
        let result = try stopwatch.run(["timer", "0.3s", "tea", "--watch", "--notify"], environment: environment)
        #expect(result.status == 0)
        let sent = try #require(wait(for: "has expired", in: record))
        #expect(sent == "--app-name=stopwatch\nstopwatch: 'tea' is up\nthe countdown of 00:00.30 has expired\n")
        #expect(result.error.isEmpty)
    }

    @Test func waitNotifiesToo() throws {
        let (environment, record) = try fakeNotifySend()
        try stopwatch.run("timer", "0.3s", "egg")
        #expect(try stopwatch.run(["wait", "egg", "--notify"], environment: environment).status == 0)
        #expect(wait(for: "stopwatch: 'egg' is up", in: record) != nil)
    }

    @Test func timerNotifiesFromTheBackgroundAndReturnsAtOnce() throws {
        let (environment, record) = try fakeNotifySend()
        let started = Date()
        let result = try stopwatch.run(["timer", "1s", "later", "--notify"], environment: environment)
        #expect(result.status == 0 && result.output == "later: running 00:01.00 left of 00:01.00\n")
        #expect(Date().timeIntervalSince(started) < 0.9, "it does not wait for the expiry")
        #expect(!FileManager.default.fileExists(atPath: record), "not yet")
        #expect(wait(for: "stopwatch: 'later' is up", in: record) != nil)
    }

    @Test func withNeitherADesktopNorATerminalItSaysSo() throws {
        try stopwatch.run("timer", "0.2s", "mute")
        let result = try stopwatch.run("wait", "mute", "--notify")
        #expect(result.status == 0)
        #expect(
            result.error
                == "stopwatch: 'mute' expired, but no notification could be sent: notify-send is not on PATH and standard output is not a terminal\n"
        )
    }

    @Test func onATerminalItSendsOSC9AndOSC777AndSetsTheTitle() throws {
        let terminal = try PseudoTerminal()
        let process = try terminal.start(stopwatch, ["timer", "0.5s", "ping", "--watch", "--notify"])
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(terminal.waitFor("\u{1B}]9;stopwatch: 'ping' is up: the countdown of 00:00.50 has expired\u{7}"))
        #expect(
            terminal.waitFor("\u{1B}]777;notify;stopwatch: 'ping' is up;the countdown of 00:00.50 has expired\u{7}"))
        #expect(terminal.screen.contains("\u{1B}[22;0t\u{1B}]0;ping 00:00\u{7}"), "the time left in the title")
        #expect(terminal.waitFor("\u{1B}[23;0t"), "the old title given back")
        #expect(!terminal.screen.contains("no notification"))
    }
}
