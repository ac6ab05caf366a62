import Foundation
import Testing

/// `--notify`: a notification server on a session bus of the test's own records what it was sent.
@Suite struct NotifyTests {
    let stopwatch = StopwatchBinary()

    /// The test's environment with a private session bus, or nil (and a note) where dbus-daemon or
    /// python3-dbusmock is missing.
    func desktop() throws -> (environment: [String: String], bus: PrivateSessionBus)? {
        guard let bus = PrivateSessionBus(in: stopwatch.root) else {
            print("note: dbus-daemon or python3-dbusmock is not installed; skipped (.ci/run installs them)")
            return nil
        }
        var environment = stopwatch.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        return (environment, bus)
    }

    @Test func aWatchedCountdownSendsADesktopNotificationAtZero() throws {
        guard let (environment, bus) = try desktop() else { return }
        let result = try stopwatch.run(["timer", "0.3s", "tea", "--watch", "--notify"], environment: environment)
        #expect(result.status == 0)
        #expect(waitUntil { !bus.notifications.isEmpty })
        #expect(
            bus.notifications == [
                #""stopwatch" 0 "" "stopwatch: 'tea' is up" "the countdown of 00:00.30 has expired" [] {"urgency": 2} -1"#
            ])
        #expect(result.error.isEmpty)
    }

    @Test func waitNotifiesToo() throws {
        guard let (environment, bus) = try desktop() else { return }
        try stopwatch.run("timer", "0.3s", "egg")
        #expect(try stopwatch.run(["wait", "egg", "--notify"], environment: environment).status == 0)
        #expect(waitUntil { bus.notifications.contains { $0.contains("stopwatch: 'egg' is up") } })
    }

    @Test func timerNotifiesFromTheBackgroundAndReturnsAtOnce() throws {
        guard let (environment, bus) = try desktop() else { return }
        let started = Date()
        let result = try stopwatch.run(["timer", "1s", "later", "--notify"], environment: environment)
        #expect(result.status == 0 && result.output == "later: running 00:01.00 left of 00:01.00\n")
        #expect(Date().timeIntervalSince(started) < 0.9, "it does not wait for the expiry")
        #expect(result.error.isEmpty, "the server answered: nothing to say")
        #expect(bus.notifications.isEmpty, "not yet")
        #expect(waitUntil { bus.notifications.contains { $0.contains("stopwatch: 'later' is up") } })
    }

    @Test func aBusWithNoNotificationServerIsSaidSoAndFailsNothing() throws {
        var environment = stopwatch.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + stopwatch.root + "/no-bus"
        try stopwatch.run("timer", "0.2s", "quiet")
        let result = try stopwatch.run(["wait", "quiet", "--notify"], environment: environment)
        #expect(result.status == 0)
        #expect(result.error.contains("no notification could be sent"), "\(result.error)")
        let later = try stopwatch.run(["timer", "10m", "later", "--notify"], environment: environment)
        #expect(later.status == 0, "set all the same")
        #expect(
            later.error.contains("'later' cannot send a desktop notification: no notification server answers"),
            "said at once: \(later.error)")
    }

    @Test func withNeitherADesktopNorATerminalItSaysSo() throws {
        try stopwatch.run("timer", "0.2s", "mute")
        let result = try stopwatch.run("wait", "mute", "--notify")
        #expect(result.status == 0)
        #expect(
            result.error
                == "stopwatch: 'mute' expired, but no notification could be sent: no desktop notification server answered on the session bus and standard output is not a terminal\n"
        )
    }

    /// With no desktop (a tty, ssh, tmux), it says so at once, and at zero the terminal is told
    /// and its bell rung.
    @Test func onATerminalItSendsOSC9AndOSC777RingsTheBellAndSetsTheTitle() throws {
        let terminal = try PseudoTerminal()
        let process = try terminal.start(stopwatch, ["timer", "0.5s", "ping", "--watch", "--notify"])
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(terminal.waitFor("\u{1B}]9;stopwatch: 'ping' is up: the countdown of 00:00.50 has expired\u{7}"))
        #expect(
            terminal.waitFor(
                "\u{1B}]777;notify;stopwatch: 'ping' is up;the countdown of 00:00.50 has expired\u{7}\u{7}"))
        #expect(terminal.screen.contains("\u{1B}[22;0t\u{1B}]0;ping 00:00\u{7}"), "the time left in the title")
        #expect(terminal.waitFor("\u{1B}[23;0t"), "the old title given back")
        #expect(
            terminal.screen.contains("'ping' cannot send a desktop notification"), "said at once, in a terminal too")
    }
}
