import Foundation
import Testing

/// Countdowns end to end: `timer`, `wait` and the live countdown, on the built binary.
@Suite struct CountdownTests {
    let stopwatch = StopwatchBinary()

    func status(_ name: String) throws -> [String: Any] {
        try stopwatch.json(try stopwatch.run("status", name, "--json").output)
    }

    /// Starts `stopwatch wait NAME` without waiting for it.
    func startWait(_ name: String) throws -> Process {
        try stopwatch.start(["wait", name])
    }

    /// Waits up to `seconds` for `process` to end; true if it did.
    func ends(_ process: Process, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        return !process.isRunning
    }

    @Test func waitReturnsWhenTheCountdownExpiresNeverEarly() throws {
        let clock = ContinuousClock()
        let begun = clock.now
        #expect(try stopwatch.run("timer", "0.3s", "x").output.hasPrefix("x: running 00:00."))
        let wait = try stopwatch.run("wait", "x")
        let waited = clock.now - begun
        #expect(wait.status == 0)
        #expect(wait.output.isEmpty && wait.error.isEmpty)
        #expect(waited >= .milliseconds(300), "never before the countdown's time")
        #expect(waited < .seconds(5), "slack for a busy machine")
        let after = try status("x")
        #expect(after["expired"] as? Bool == true)
        #expect(after["status"] as? String == "expired")
        #expect(after["remainingMilliseconds"] as? Int == 0)

        let again = clock.now
        #expect(try stopwatch.run("wait", "x").status == 0, "an expired countdown: at once")
        #expect(clock.now - again < .seconds(5))
    }

    // A long countdown is paused (or reset) first, then cut to half a second: however slow the
    // machine, it cannot expire before the pause, and a wait that ignored the pause would end
    // within the second it is given.
    @Test func waitFollowsAPauseAndResumeFromAnotherProcess() throws {
        try stopwatch.run("timer", "1h", "tea")
        let wait = try startWait("tea")
        #expect(try stopwatch.run("pause", "tea").status == 0)
        #expect(try stopwatch.run("timer", "tea", "--add", "-59m59.5s").status == 0)
        #expect(!ends(wait, within: 1.5), "a paused countdown does not expire")
        let remaining = try #require(try status("tea")["remainingMilliseconds"] as? Int)
        #expect(remaining > 0 && remaining <= 500)
        let clock = ContinuousClock()
        let resumed = clock.now
        #expect(try stopwatch.run("resume", "tea").status == 0)
        #expect(ends(wait, within: 10))
        #expect(clock.now - resumed >= .milliseconds(remaining), "never before its time left")
        #expect(wait.terminationStatus == 0)
        #expect(try status("tea")["expired"] as? Bool == true)
    }

    @Test func waitFollowsAResetAndAStart() throws {
        try stopwatch.run("timer", "1h", "egg")
        let wait = try startWait("egg")
        try stopwatch.run("reset", "egg")
        #expect(try stopwatch.run("timer", "egg", "--add", "-59m59.5s").status == 0)
        #expect(!ends(wait, within: 1), "a reset countdown is initial and does not expire")
        try stopwatch.run("start", "egg")
        #expect(ends(wait, within: 10))
        #expect(wait.terminationStatus == 0)
    }

    @Test func waitOnADeletedCountdownExits1() throws {
        try stopwatch.run("timer", "1h", "gone")
        let wait = try startWait("gone")
        #expect(!ends(wait, within: 0.3))
        try stopwatch.run("delete", "gone")
        let result = try stopwatch.finish(wait)
        #expect(result.status == 1)
        #expect(result.error == "stopwatch: 'gone' was deleted while waiting for it\n")
    }

    @Test func waitExitCodes() throws {
        let missing = try stopwatch.run("wait", "nothing")
        #expect(missing.status == 66)
        #expect(missing.error == "stopwatch: no such stopwatch 'nothing'\n")
        try stopwatch.run("start", "plain")
        let plain = try stopwatch.run("wait", "plain")
        #expect(plain.status == 1)
        #expect(plain.error == "stopwatch: cannot wait for 'plain': it is a stopwatch, not a countdown\n")
        #expect(try stopwatch.run("wait", "a", "b").status == 64)
        try stopwatch.run("timer", "1h")
        for (signal, code) in [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)] {
            let wait = try startWait("timer")
            #expect(!ends(wait, within: 0.2))
            kill(wait.processIdentifier, signal)
            #expect(try stopwatch.finish(wait).status == code)
        }
    }

    @Test func timerRefusesAnExistingNameUnlessForced() throws {
        try stopwatch.run("start", "busy")
        try stopwatch.run("lap", "busy")
        let before = stopwatch.contents(stopwatch.journal("busy"))
        let refused = try stopwatch.run("timer", "5m", "busy")
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "stopwatch: cannot create countdown 'busy': a stopwatch has that name; use --force to replace it\n")
        #expect(stopwatch.contents(stopwatch.journal("busy")) == before)

        let forced = try stopwatch.run("timer", "5m", "busy", "--force")
        #expect(forced.status == 0)
        #expect(forced.output.hasPrefix("busy: running 0"))
        let state = try status("busy")
        #expect(state["kind"] as? String == "countdown")
        #expect(state["durationMilliseconds"] as? Int == 300_000)
        #expect(state["lapCount"] as? Int == 0)
        #expect(stopwatch.stateFiles() == [stopwatch.journal("busy")])
    }

    @Test(arguments: ["0", "5x", "1m30", "", "abc", "101y", "40000d"])
    func badDurationsAreUsageErrorsAndWriteNothing(_ text: String) throws {
        let result = try stopwatch.run("timer", text, "t")
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("stopwatch: invalid duration '\(text)': "))
        #expect(result.error.count <= 101, "one line of 100 columns: \(result.error)")
        #expect(stopwatch.stateFiles().isEmpty)
    }

    @Test(arguments: [
        ("5min", 300_000), ("1hr30min", 5_400_000), ("2 hours", 7_200_000), ("90 seconds", 90_000), ("1w", 604_800_000),
    ])
    func theUnitWordsPeopleWriteAreDurations(_ text: String, _ milliseconds: Int) throws {
        #expect(try stopwatch.run("timer", text, "t").status == 0)
        #expect(try status("t")["durationMilliseconds"] as? Int == milliseconds)
    }

    @Test func anUnknownUnitSuggestsTheClosestOne() throws {
        let result = try stopwatch.run("timer", "5mni", "t")
        #expect(result.error == "stopwatch: invalid duration '5mni': unknown unit 'mni'; did you mean '5min'?\n")
    }

    @Test func aCountdownNameIsReusableOnceExpiredOrResetButNotWithTimeLeft() throws {
        try stopwatch.run("timer", "0.1s", "egg")
        #expect(try stopwatch.run("wait", "egg").status == 0)
        #expect(try stopwatch.run("timer", "10m", "egg").status == 0, "expired: replaced without --force")
        let refused = try stopwatch.run("timer", "5m", "egg")
        #expect(refused.status == 1)
        // 10:00.00 left if the two commands took less than 10 ms, 09:59.xx after.
        #expect(
            refused.error.contains(
                try Regex(
                    #"^stopwatch: cannot create countdown 'egg': it has (09:59\.\d\d|10:00\.00) left; use --force to replace it\n$"#
                )))
        try stopwatch.run("reset", "egg")
        #expect(
            try stopwatch.run("timer", "5m", "egg").output == "egg: running 05:00.00 left of 05:00.00\n",
            "reset: replaced")
    }

    @Test func aNewCountdownShowsItsWholeDurationLeft() throws {
        #expect(try stopwatch.run("timer", "25m", "tea").output == "tea: running 25:00.00 left of 25:00.00\n")
        let json = try stopwatch.json(try stopwatch.run("timer", "--force", "25m", "tea", "--json").output)
        #expect(json["remainingMilliseconds"] as? Int == 1_500_000)
        #expect(json["durationMicroseconds"] as? Int == 1_500_000_000)
        #expect(json["remainingMicroseconds"] is Int && json["overtimeMicroseconds"] as? Int == 0)
    }

    @Test func pauseResumeResetStatusAndLapWorkOnACountdown() throws {
        try stopwatch.run("timer", "1h", "cd")
        #expect(try stopwatch.run("lap", "cd", "--label", "half").output.hasPrefix("cd: lap 1 "))
        // Under an hour left, or 1:00:00.00 if the commands took less than 10 ms.
        let nearlyAnHour = try Regex(#"^cd: (paused|running) (59:59\.\d\d|1:00:00\.00) left of 1:00:00\.00, 1 lap\n$"#)
        #expect(try stopwatch.run("pause", "cd").output.contains(nearlyAnHour))
        #expect(try stopwatch.run("resume", "cd").output.contains(nearlyAnHour))
        #expect(try stopwatch.run("reset", "cd").output == "cd: initial 1:00:00.00 left of 1:00:00.00\n")
        #expect(try stopwatch.run("status", "cd", "--format", "ms").output == "3600000\n")
        let list = try stopwatch.run("list").output
        #expect(list.contains("cd    initial  1:00:00.00 left"))
    }

    @Test func untilCountsDownToTheNextLocalTime() throws {
        // In UTC+5 (a POSIX TZ string needs no time zone files), two minutes from now.
        var environment = stopwatch.environment
        environment["TZ"] = "XYZ-5"
        let target = Date().addingTimeInterval(120 + 5 * 3600)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.hour, .minute], from: target)
        let time = String(format: "%02d:%02d", parts.hour!, parts.minute!)
        let result = try stopwatch.run(["timer", "--until", time, "meeting"], environment: environment)
        #expect(result.status == 0)
        let duration = try #require(try status("meeting")["durationMilliseconds"] as? Int)
        #expect(duration > 60_000 && duration <= 120_000, "\(time) local is one to two minutes away")
        // Said in words, unless two minutes from now is already tomorrow.
        #expect(result.output.hasSuffix(", ends \(time)\n") || result.output.hasSuffix(", ends \(time) tomorrow\n"))

        // Two minutes ago, local time: tomorrow, nearly a day away.
        let earlier = calendar.dateComponents([.hour, .minute], from: target.addingTimeInterval(-240))
        let past = String(format: "%02d:%02d", earlier.hour!, earlier.minute!)
        let tomorrow = try stopwatch.run(["timer", "--until", past, "tomorrow-meeting"], environment: environment)
        #expect(tomorrow.output.hasSuffix(", ends \(past) tomorrow\n"), "\(tomorrow.output)")

        // With seconds: they are kept, in the end shown and in the instant it expires at.
        let exact = calendar.dateComponents([.hour, .minute, .second], from: target)
        let second = exact.second == 0 ? 7 : exact.second!
        let precise = String(format: "%02d:%02d:%02d", exact.hour!, exact.minute!, second)
        let withSeconds = try stopwatch.run(["timer", "--until", precise, "precise"], environment: environment)
        #expect(
            withSeconds.output.hasSuffix(", ends \(precise)\n")
                || withSeconds.output.hasSuffix(", ends \(precise) tomorrow\n"), "\(withSeconds.output)")
        let ends = try stopwatch.run(["status", "precise", "--format", "{ends}"], environment: environment).output
        #expect(
            ends == precise + "\n" || ends == precise + " tomorrow\n", "read again later, on the boot clock: \(ends)")
    }

    @Test func timerAddGivesMoreTimeOrLessAndConcurrentAddsAllCount() throws {
        try stopwatch.run("timer", "10m", "tea")
        let adds = try (0..<10).map { _ in try stopwatch.start(["timer", "tea", "--add", "1m"]) }
        for add in adds { #expect(try stopwatch.finish(add).status == 0) }
        #expect(try status("tea")["durationMicroseconds"] as? Int == 1_200_000_000, "ten minutes more")
        let less = try stopwatch.run("timer", "tea", "--add", "-19m")
        #expect(
            less.output.contains(try Regex(#"^tea: running (00:59\.\d\d|01:00\.00) left of 01:00\.00\n$"#)),
            "\(less.output)")
        #expect(
            try stopwatch.run("timer", "tea", "--add", "-1h").output.hasPrefix("tea: expired 00:00.00 ago"),
            "never below zero")
        try stopwatch.run("start", "watch")
        let refused = try stopwatch.run("timer", "watch", "--add", "1m")
        #expect(
            refused.status == 1
                && refused.error
                    == "stopwatch: cannot add time to 'watch': it is a stopwatch, not a countdown or a cycle\n"
        )
        #expect(try stopwatch.run("timer", "none", "--add", "1m").status == 66)
    }

    @Test func plusAndMinusInTheLiveCountdownAddOrTakeTenSeconds() throws {
        try stopwatch.run("timer", "10m", "keys")
        let terminal = try PseudoTerminal()
        let process = try terminal.start(stopwatch, ["watch", "keys"])
        #expect(terminal.waitFor("left of 10:00.00"))
        terminal.type("+")
        #expect(terminal.waitFor("left of 10:10.00"))
        terminal.type("-")
        terminal.type("-")
        #expect(terminal.waitFor("left of 09:50.00"))
        terminal.type("q")
        process.waitUntilExit()
        #expect(try status("keys")["durationMicroseconds"] as? Int == 590_000_000)
    }

    @Test func theLiveCountdownRingsAtZeroAndExits0() throws {
        let terminal = try PseudoTerminal()
        let before = terminal.settings
        // An hour, so it is seen running however slow the machine; then cut to half a second.
        let process = try terminal.start(stopwatch, ["timer", "1h", "--watch", "live"])
        #expect(terminal.waitFor("live: running 59:59."))
        #expect(terminal.waitFor("] "), "a progress bar")
        try stopwatch.run("timer", "live", "--add", "-59m59.5s")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        terminal.waitFor("\u{1B}[?25h")
        #expect(terminal.screen.contains("\u{7}\rlive: expired "), "the bell, once, at zero")
        // One bell; the other BELs end the title's OSC sequences.
        let bells = terminal.screen.replacingOccurrences(
            of: "\u{1B}\\][^\u{7}]*\u{7}", with: "", options: .regularExpression)
        #expect(bells.components(separatedBy: "\u{7}").count == 2)
        #expect(WatchTests.same(terminal.settings, before))
    }

    @Test func quittingTheLiveCountdownBeforeZeroExits1AndControlC130() throws {
        try stopwatch.run("timer", "1h", "long")
        let terminal = try PseudoTerminal()
        let process = try terminal.start(stopwatch, ["watch", "long"])
        #expect(terminal.waitFor(" left of 1:00:00.00"))
        terminal.type("q")
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(terminal.waitFor("stopwatch: 'long' keeps running ("), "it says the countdown goes on")
        #expect(terminal.waitFor(" left); 'stopwatch delete long' cancels it\r\n"))

        try stopwatch.run("pause", "long")
        let again = try PseudoTerminal()
        let interrupted = try again.start(stopwatch, ["watch", "long"])
        #expect(again.waitFor("long: paused "))
        kill(interrupted.processIdentifier, SIGINT)
        interrupted.waitUntilExit()
        #expect(interrupted.terminationStatus == 130)
        #expect(again.waitFor("stopwatch: 'long' stays paused ("))
    }

    @Test func aPipedLiveCountdownLogsItsExpiry() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: StopwatchBinary.path)
        process.arguments = ["timer", "1h", "--watch", "piped"]
        process.environment = stopwatch.environment
        let input = Pipe()
        let output = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, FileHandle.nullDevice)
        try process.run()
        // The first line shows it running; then it is cut to a fifth of a second from here.
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        try stopwatch.run("timer", "piped", "--add", "-59m59.8s")
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "input still open: it ends at expiry")
        let lines = text.split(separator: "\n")
        #expect(
            lines.first?.hasPrefix("piped: running 1:00:00.00") == true
                || lines.first?.hasPrefix("piped: running 59:59.") == true)
        #expect(lines.last?.hasPrefix("piped: expired ") == true)
        #expect(!text.contains("\u{7}") && !text.contains("\u{1B}"))

        // Standard input at its end from the start (cron, systemd, an editor's task): a countdown
        // still runs to zero, and a stopwatch's view ends.
        let begun = Date()
        let closed = try stopwatch.run("timer", "0.3s", "--watch", "closed")
        #expect(closed.status == 0, "end of input does not end a countdown")
        #expect(Date().timeIntervalSince(begun) >= 0.3)
        #expect(closed.output.split(separator: "\n").last?.hasPrefix("closed: expired ") == true)
        #expect(!closed.output.contains("quit"))
        try stopwatch.run("start", "plain")
        let plain = try stopwatch.run("watch", "plain")
        #expect(plain.status == 0)
        #expect(plain.output.contains("\nplain: quit 00:0"))
    }
}
