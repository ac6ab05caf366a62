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
        _ = waitUntil {
            text = try? String(contentsOfFile: file, encoding: .utf8)
            return text?.hasSuffix("\n") == true
        }
        return text
    }

    /// The pids of this test's background waiters for the hook of countdown `name`.
    func waiters(for name: String) -> [Int32] {
        stopwatch.backgroundProcesses(["--run-expiry-hook", name])
    }

    @Test func timerExecRunsTheCommandAtZeroFromTheBackgroundWithTheCountdownInItsEnvironment() throws {
        let file = stopwatch.root + "/fired"
        let result = try stopwatch.run(
            "timer", "0.3s", "tea", "--exec",
            "echo \"$STOPWATCH_NAME $STOPWATCH_DURATION $STOPWATCH_DURATION_MS\" >'\(file)'")
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
        #expect(waitUntil { !waiters(for: "gone").isEmpty }, "the background waiter runs")
        try stopwatch.run("delete", "gone")
        #expect(waitUntil { waiters(for: "gone").isEmpty }, "and ends with the countdown")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func aCountdownGivenLessTimeRunsItAtItsNewZero() throws {
        let file = stopwatch.root + "/sooner"
        try stopwatch.run("timer", "1h", "cut", "--exec", "echo cut >'\(file)'")
        #expect(waitUntil { !waiters(for: "cut").isEmpty })
        try stopwatch.run("timer", "cut", "--add", "-59m59.7s")
        #expect(contents(of: file) == "cut\n")
    }

    /// `timer e3 --add 2s` a second after the zero: two seconds from then, and the command runs
    /// again at the new zero.
    @Test func moreTimeAfterTheZeroCountsFromNowAndRunsTheCommandAgain() throws {
        let file = stopwatch.root + "/fired"
        #expect(try stopwatch.run("timer", "0.3s", "e3", "--exec", "echo zero >>'\(file)'").status == 0)
        #expect(contents(of: file) == "zero\n")
        #expect(
            waitUntil {
                (try? stopwatch.json(stopwatch.run("status", "e3", "--json").output))?["overtimeMilliseconds"] as? Int
                    ?? 0 > 1000
            })
        #expect(try stopwatch.run("timer", "e3", "--add", "2s").status == 0)
        let status = try stopwatch.json(try stopwatch.run("status", "e3", "--json").output)
        #expect(
            status["expired"] as? Bool == false && (status["remainingMilliseconds"] as? Int ?? 0) > 1500, "\(status)")
        #expect(waitUntil { (try? String(contentsOfFile: file, encoding: .utf8)) == "zero\nzero\n" }, "armed again")
        try stopwatch.run("delete", "e3")
    }

    @Test func theLiveViewRunsItToo() throws {
        let file = stopwatch.root + "/live"
        let result = try stopwatch.run("timer", "0.2s", "view", "--watch", "--exec", "echo live >'\(file)'")
        #expect(result.status == 0)
        #expect(contents(of: file) == "live\n")
    }

    @Test func theHookOutlivesALiveViewQuitBeforeZero() throws {
        let file = stopwatch.root + "/quit"
        let terminal = try PseudoTerminal()
        let process = try terminal.start(
            stopwatch, ["timer", "1s", "left", "--watch", "--exec", "echo left >'\(file)'"])
        #expect(terminal.waitFor(" left of 00:01.00"))
        terminal.type("q")
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "quit before zero")
        #expect(contents(of: file) == "left\n", "the hook still runs at zero")
    }

    @Test func replacingACountdownReplacesItsHookAndEachRunsOnce() throws {
        let file = stopwatch.root + "/replaced"
        try stopwatch.run("timer", "1h", "swap", "--exec", "echo A >>'\(file)'")
        #expect(waitUntil { waiters(for: "swap").count == 1 })
        try stopwatch.run("timer", "0.3s", "swap", "--force", "--exec", "echo B >>'\(file)'")
        #expect(contents(of: file) == "B\n")
        #expect(waitUntil { waiters(for: "swap").isEmpty }, "both waiters end: one ran B, the other found it claimed")
        #expect(contents(of: file) == "B\n", "B once, A never")

        // Replaced by a countdown with no hook: the waiter ends and nothing runs.
        let none = stopwatch.root + "/none"
        try stopwatch.run("timer", "1h", "plain", "--exec", "touch '\(none)'")
        #expect(waitUntil { waiters(for: "plain").count == 1 })
        try stopwatch.run("timer", "0.1s", "plain", "--force")
        #expect(waitUntil { waiters(for: "plain").isEmpty })
        #expect(!FileManager.default.fileExists(atPath: none))
    }

    @Test func addGivesTheCountdownItsHook() throws {
        let file = stopwatch.root + "/added"
        try stopwatch.run("timer", "1h", "later")
        let result = try stopwatch.run(
            "timer", "later", "--add", "-59m59.7s", "--exec", "echo $STOPWATCH_NAME >>'\(file)'")
        #expect(result.status == 0)
        #expect(contents(of: file) == "later\n")
        #expect(waitUntil { waiters(for: "later").isEmpty })
        #expect(contents(of: file) == "later\n", "once")
    }

    @Test func notifyWithNoWayToNotifySaysSoWhenItIsSet() throws {
        var environment = stopwatch.environment
        environment["PATH"] = stopwatch.root
        let result = try stopwatch.run(["timer", "1h", "mute", "--notify"], environment: environment)
        #expect(result.status == 0)
        #expect(
            result.error
                == "stopwatch: 'mute' cannot send a desktop notification: no notification server answers on the session bus (DBUS_SESSION_BUS_ADDRESS); only a terminal still open then is told (its bell), and --exec COMMAND runs a command instead\n"
        )
        try stopwatch.run("delete", "mute")
    }

    /// The lines a hook appended to `file` once there are `count` of them (up to 10 s), sorted.
    /// Whether a waiter holds the mark of `name` (`waiters/NAME` in the state directory, locked).
    func markIsHeld(_ name: String) -> Bool {
        let descriptor = open(stopwatch.home + "/waiters/" + name, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) != 0
    }

    func lines(of file: String, count: Int) -> [String] {
        var lines: [String] = []
        _ = waitUntil {
            lines = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            return lines.count >= count
        }
        return lines
    }

    @Test func aCyclesHookRunsOnceAtEachEdgeWithThePhasesInItsEnvironment() throws {
        let file = stopwatch.root + "/edges"
        let line =
            #"echo "$STOPWATCH_NAME $STOPWATCH_EDGE $STOPWATCH_PHASE_ENDED $STOPWATCH_PHASE_ENDED_NUMBER>$STOPWATCH_PHASE $STOPWATCH_PHASE_NUMBER/$STOPWATCH_PHASE_COUNT""#
        let result = try stopwatch.run(
            "cycle", "sprint", "go=0.3s", "rest=0.2s", "--rounds", "2", "--exec", line + " >>'\(file)'")
        #expect(result.status == 0)
        #expect(try stopwatch.run("wait", "sprint").status == 0)
        let fired = lines(of: file, count: 4)
        #expect(
            fired.sorted() == [
                "sprint end rest 4> /4", "sprint phase go 1>rest 2/4", "sprint phase go 3>rest 4/4",
                "sprint phase rest 2>go 3/4",
            ])
        #expect(waitUntil { waiters(for: "sprint").isEmpty }, "the waiter ends with the cycle")
        #expect(lines(of: file, count: 5).count == 4, "each edge once")
    }

    @Test func edgesPassedWithNoWaiterAreCaughtUpByTheNextCommandThatSetsTheCycleGoing() throws {
        let file = stopwatch.root + "/caught"
        try stopwatch.run(
            "cycle", "late", "a=0.2s", "b=0.2s", "--exec", #"echo "$STOPWATCH_PHASE_ENDED_NUMBER" >>'"# + file + "'")
        #expect(waitUntil { !waiters(for: "late").isEmpty })
        for pid in waiters(for: "late") { kill(pid, SIGKILL) }
        #expect(waitUntil { waiters(for: "late").isEmpty })
        try stopwatch.run("pause", "late")
        let passed =
            try #require(
                stopwatch.json(try stopwatch.run("status", "late", "--json").output)["phase"] as? [String: Any])[
                "number"] as? Int
        let missed = (passed ?? 1) - 1
        try stopwatch.run("resume", "late")
        let fired = lines(of: file, count: missed)
        #expect(fired.count == missed, "every edge passed while no waiter ran")
        #expect(
            fired.sorted { Int($0)! < Int($1)! } == (1...max(1, missed)).prefix(missed).map(String.init),
            "once each, in order")
        try stopwatch.run("delete", "late")
    }

    /// After a reboot or a `kill`, the next command that reads the run (`status`, `list`, a bar)
    /// starts its waiter again: once was only `resume`, refused on a running cycle.
    @Test func aWaiterGoneIsStartedAgainByTheNextCommandThatReadsTheRun() throws {
        let file = stopwatch.root + "/again"
        try stopwatch.run(
            "cycle", "again", "a=0.4s", "b=0.4s", "--exec", #"echo "$STOPWATCH_PHASE_ENDED_NUMBER" >>'"# + file + "'")
        #expect(waitUntil { waiters(for: "again").count == 1 })
        for pid in waiters(for: "again") { kill(pid, SIGKILL) }
        #expect(waitUntil { waiters(for: "again").isEmpty })
        #expect(try stopwatch.run("status", "again").status == 0)
        #expect(waitUntil { waiters(for: "again").count == 1 }, "status started it again")
        #expect(waitUntil { markIsHeld("again") }, "and it holds its mark")
        #expect(try stopwatch.run("status", "again").status == 0)
        #expect(waiters(for: "again").count == 1, "and only once: the new one holds the mark")
        let before = lines(of: file, count: 1).count
        #expect(lines(of: file, count: before + 2).count >= before + 2, "the hook fires at the edges again")
        for pid in waiters(for: "again") { kill(pid, SIGKILL) }
        #expect(waitUntil { waiters(for: "again").isEmpty })
        #expect(try stopwatch.run("list").status == 0)
        #expect(waitUntil { waiters(for: "again").count == 1 }, "list too")
        try stopwatch.run("delete", "again")
        #expect(waitUntil { waiters(for: "again").isEmpty })
    }

    @Test func aWarningComesBeforeEachPhaseEndsOnce() throws {
        let file = stopwatch.root + "/warned"
        try stopwatch.run(
            "cycle", "w", "go=0.6s", "rest=0.6s", "--rounds", "1", "--warn", "0.3s", "--exec",
            #"echo "$STOPWATCH_EDGE $STOPWATCH_PHASE_ENDED" >>'"# + file + "'")
        #expect(try stopwatch.run("wait", "w").status == 0)
        let fired = lines(of: file, count: 4)
        #expect(Set(fired) == ["warning go", "phase go", "warning rest", "end rest"])
        #expect(waitUntil { waiters(for: "w").isEmpty })
        #expect(lines(of: file, count: 5).count == 4, "each once")
    }
}
