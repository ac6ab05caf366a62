import Foundation
import Testing

/// A locked screen and a stretch with no input, told by logind (python3-dbusmock's, on a system
/// bus of the test's own), booked on the runs that count through them by the away watcher a
/// `start` starts, on the installed binary: kept by a stopwatch, taken out of one that drops away
/// time, and a watcher gone once nothing runs.
@Suite struct AwayWatcherTests {
    let stopwatch = StopwatchBinary()

    func desktop() -> (environment: [String: String], logind: LogindSession)? {
        guard let logind = LogindSession(in: stopwatch.root) else {
            print("note: dbus-daemon or python3-dbusmock is not installed; skipped (.ci/run installs them)")
            #expect(ProcessInfo.processInfo.environment["CI"] == nil, "CI installs dbus-daemon and python3-dbusmock")
            return nil
        }
        return (stopwatch.environment.merging(logind.environment) { $1 }, logind)
    }

    func status(_ name: String) throws -> [String: Any] {
        try stopwatch.json(try stopwatch.run("status", name, "--json").output)
    }

    func away(_ name: String, _ cause: String) -> Int {
        ((try? status(name))?["awayByCause"] as? [String: Any])?[cause] as? Int ?? 0
    }

    /// The watcher `start` started, once it has read the session and sleeps until it speaks.
    func watcherListens() -> Bool {
        waitUntil { stopwatch.backgroundProcesses(["--watch-away"]).contains(where: isAsleepInPoll) }
    }

    @Test func aLockedScreenIsBookedAsAwayTimeKeptByAStopwatchAndTakenOutOfOneThatDropsIt() throws {
        guard let (environment, logind) = desktop() else { return }
        #expect(try stopwatch.run(["start", "work"], environment: environment).status == 0)
        #expect(try stopwatch.run(["start", "deep", "--away", "drop"], environment: environment).status == 0)
        #expect(watcherListens())
        #expect(stopwatch.backgroundProcesses(["--watch-away"]).count == 1, "one watcher a machine")
        #expect(logind.lock(true))
        let locked = Date()
        #expect(waitUntil { Date().timeIntervalSince(locked) > 1 }, "a second locked")
        #expect(logind.lock(false))
        #expect(waitUntil { away("work", "lock") >= 1000 && away("deep", "lock") >= 1000 })
        let kept = try stopwatch.run("status", "work").output
        #expect(kept.contains(" (lock, kept)"), "\(kept)")
        let dropped = try status("deep")
        let elapsed = try #require(dropped["elapsedMilliseconds"] as? Int)
        let awayTime = try #require(dropped["awayMilliseconds"] as? Int)
        let counted = try #require(try status("work")["elapsedMilliseconds"] as? Int)
        #expect(elapsed + awayTime <= counted + 50, "deep stood still while locked: \(elapsed) + \(awayTime)")
        #expect(try stopwatch.run("pause", "work").status == 0 && stopwatch.run("reset", "deep").status == 0)
        #expect(waitUntil { stopwatch.backgroundProcesses(["--watch-away"]).isEmpty }, "nothing runs: it ends")
        let history = try stopwatch.run("history", "--csv").output
        #expect(history.contains(",drop,\(awayTime),0,\(awayTime),0\n"), "history keeps the lock apart: \(history)")
    }

    /// Six starts and three bars at once each start a watcher where none holds the mark: one
    /// listens, the others end before they do, and a lock is booked once.
    @Test func commandsAtOnceLeaveOneWatcherAndALockIsBookedOnce() throws {
        guard let (environment, logind) = desktop() else { return }
        let names = ["a", "b", "c", "d", "e", "f"]
        let commands = names.map { ["start", $0] } + Array(repeating: ["list", "--format", "waybar"], count: 3)
        for process in try commands.map({ try stopwatch.start($0, environment: environment) }) {
            #expect(try stopwatch.finish(process).status == 0)
        }
        #expect(watcherListens())
        // And watchers started by hand beside it, as a race would: each ends before it listens.
        let more = try (0..<2).map { _ in try stopwatch.start(["--watch-away"], environment: environment) }
        for process in more { #expect(try stopwatch.finish(process, timeLimit: 10).status == 0) }
        #expect(waitUntil { stopwatch.backgroundProcesses(["--watch-away"]).count == 1 }, "one watcher a machine")
        #expect(logind.lock(true))
        let locked = Date()
        #expect(waitUntil { Date().timeIntervalSince(locked) > 0.5 }, "half a second locked")
        #expect(logind.lock(false))
        #expect(waitUntil { away("a", "lock") >= 500 })
        try stopwatch.run("edit", "a", "--away-as", "lunch")
        let lunch = try stopwatch.json(try stopwatch.run("history", "lunch", "--json").output)
        let runs = try #require(lunch["runs"] as? [[String: Any]])
        #expect(
            runs.count == 1 && (runs.first?["elapsedMilliseconds"] as? Int ?? 0) >= 500, "the whole stretch: \(runs)")
        #expect(away("a", "lock") == 0, "booked once, so none is left in a")
        try stopwatch.run(["delete"] + names)
        #expect(waitUntil { stopwatch.backgroundProcesses(["--watch-away"]).isEmpty })
    }

    /// A cycle and a countdown that drop away time stand still from the lock to the unlock: no
    /// edge and no zero while locked (their hooks run after), the time left at the lock still
    /// left at the unlock, the lock their away time.
    @Test func runsThatDropStandStillWhileLockedAndRingOnlyAfter() throws {
        guard let (environment, logind) = desktop() else { return }
        let rang = stopwatch.root + "/rang"
        let hook = ["--away", "drop", "--exec", "echo $STOPWATCH_NAME >> " + rang]
        #expect(
            try stopwatch.run(["cycle", "c", "work=2s", "break=1s", "--rounds", "2"] + hook, environment: environment)
                .status == 0)
        #expect(try stopwatch.run(["timer", "2s", "train"] + hook, environment: environment).status == 0)
        #expect(watcherListens())
        #expect(logind.lock(true))
        #expect(
            waitUntil { (try? stopwatch.lastState("train"))?["awayStand"] as? String == "lock" }, "the train stands")
        #expect(waitUntil { (try? stopwatch.lastState("c"))?["awayStand"] as? String == "lock" }, "and the cycle")
        let locked = Date()
        // Longer than the train's 2 s and the cycle's first phase and break.
        #expect(waitUntil { Date().timeIntervalSince(locked) > 3.5 })
        #expect(!FileManager.default.fileExists(atPath: rang), "no hook ran while locked")
        let train = try status("train")
        #expect(train["expired"] as? Bool == false && (train["remainingMilliseconds"] as? Int ?? 0) > 0, "\(train)")
        #expect((try status("c")["phase"] as? [String: Any])?["label"] as? String == "work")
        #expect(logind.lock(false))
        #expect(waitUntil { away("train", "lock") >= 3500 && away("c", "lock") >= 3500 })
        #expect(waitUntil { (try? String(contentsOfFile: rang, encoding: .utf8))?.contains("train") == true })
        #expect(try stopwatch.run("status", "c").output.contains("(lock, dropped)"))
        try stopwatch.run("delete", "c", "train")
        #expect(waitUntil { stopwatch.backgroundProcesses(["--watch-away"]).isEmpty })
    }

    /// Started over ssh (its own logind session), the watcher follows the user's graphical
    /// session as logind names it, and books the desktop's lock.
    @Test func aWatcherStartedOverSSHFollowsTheDesktopSession() throws {
        guard let (desktopEnvironment, logind) = desktop() else { return }
        var environment = desktopEnvironment
        #expect(logind.addSSHSessionBesideTheDesktop())
        environment["XDG_SESSION_ID"] = "ssh"
        #expect(try stopwatch.run(["start", "work"], environment: environment).status == 0)
        #expect(watcherListens())
        #expect(logind.lock(true))
        let locked = Date()
        #expect(waitUntil { Date().timeIntervalSince(locked) > 0.5 })
        #expect(logind.lock(false))
        #expect(waitUntil { away("work", "lock") >= 500 }, "the desktop's lock, heard from ssh")
        try stopwatch.run("delete", "work")
        #expect(waitUntil { stopwatch.backgroundProcesses(["--watch-away"]).isEmpty })
    }

    @Test func anIdleStretchIsBookedFromWhenInputStoppedNotBeforeTheRunBegan() throws {
        guard let (environment, logind) = desktop() else { return }
        #expect(try stopwatch.run(["start", "work"], environment: environment).status == 0)
        #expect(watcherListens())
        // The desktop tells it after its idle delay: input stopped a minute before, long before
        // the run began; only what the run counted of it is away time.
        #expect(logind.idle(secondsAgo: 60))
        #expect(logind.idle(secondsAgo: nil))
        #expect(waitUntil { away("work", "idle") > 0 })
        let status = try status("work")
        #expect(try #require(status["awayMilliseconds"] as? Int) <= (status["elapsedMilliseconds"] as? Int ?? 0))
        #expect(try stopwatch.run("status", "work").output.contains(" (idle, kept)"))
        try stopwatch.run("delete", "work")
        #expect(waitUntil { stopwatch.backgroundProcesses(["--watch-away"]).isEmpty })
    }

    @Test func withNoSessionToAskNoWatcherIsLeftRunning() throws {
        var environment = stopwatch.environment
        environment["XDG_SESSION_ID"] = "c1"
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=" + stopwatch.root + "/no-bus"
        #expect(try stopwatch.run(["start", "work"], environment: environment).status == 0)
        #expect(waitUntil { stopwatch.backgroundProcesses(["--watch-away"]).isEmpty }, "nothing to watch: it ends")
        #expect(try stopwatch.run("status", "work").output.hasPrefix("work: running "))
    }

    /// A watcher gone (as a reboot ends it) comes back with the next `list`: what
    /// `stopwatch-waiters.service` runs at login, and a bar that lists.
    @Test func aWatcherGoneIsStartedAgainByTheNextList() throws {
        guard let (environment, logind) = desktop() else { return }
        #expect(try stopwatch.run(["start", "work"], environment: environment).status == 0)
        #expect(watcherListens())
        for pid in stopwatch.backgroundProcesses(["--watch-away"]) { kill(pid, SIGKILL) }
        #expect(waitUntil { stopwatch.backgroundProcesses(["--watch-away"]).isEmpty })
        #expect(try stopwatch.run(["list", "--format", "json"], environment: environment).status == 0)
        #expect(watcherListens(), "started again")
        #expect(logind.lock(true) && logind.lock(false))
        #expect(waitUntil { away("work", "lock") > 0 }, "and it books")
        try stopwatch.run("delete", "work")
    }

    /// `work` started `--away ask` on a desktop whose notification server shows buttons, its
    /// screen locked and unlocked, and the notification that asks about it sent; nil where the
    /// buses cannot be had. Both buses are the caller's to keep: each goes with its last reference.
    func askedAboutALock() throws -> (notifications: PrivateSessionBus, logind: LogindSession)? {
        guard let (system, logind) = desktop(),
            let notifications = PrivateSessionBus(in: stopwatch.root, capabilities: "body actions")
        else { return nil }
        let environment = system.merging(["DBUS_SESSION_BUS_ADDRESS": notifications.address]) { $1 }
        #expect(try stopwatch.run(["start", "work", "--away", "ask"], environment: environment).status == 0)
        #expect(watcherListens())
        #expect(logind.lock(true) && logind.lock(false))
        #expect(waitUntil { notifications.notifications.count == 1 })
        return (notifications, logind)
    }

    @Test func undecidedAwayTimeIsAskedAboutMarkedOnTheBarsAndDecidedByTheAnswer() throws {
        guard let (notifications, logind) = try askedAboutALock() else { return }
        defer { withExtendedLifetime(logind) {} }
        let sent = notifications.notifications.first ?? ""
        #expect(sent.hasPrefix(#""stopwatch" 0 "" "stopwatch: 'work' was away "#), "\(sent)")
        #expect(sent.contains("stopwatch edit work --away drop"), "\(sent)")
        #expect(sent.hasSuffix(#"["keep", "Keep", "drop", "Drop", "book", "Book as…"] {} -1"#), "\(sent)")
        #expect(try stopwatch.run("status", "work").output.contains(" (lock, undecided)"))
        let waybar = try stopwatch.run("status", "work", "--format", "waybar").output
        #expect(waybar.contains(#""class":["running","away"]"#), "\(waybar)")
        #expect(try stopwatch.run("status", "work", "--format", "i3blocks").status == 33, "urgent until decided")
        let lapped = try stopwatch.run("lap", "work")
        #expect(
            lapped.status == 0 && lapped.error.hasPrefix("stopwatch: 'work' was away ")
                && lapped.error.contains(
                    " (lock, undecided): it counts until you decide: stopwatch edit work --away keep"),
            "the next command that touches the run asks too: \(lapped.error)")
        #expect(try stopwatch.run("status", "work").error.isEmpty, "a read says nothing more")
        #expect(notifications.choose("drop", on: 1))
        #expect(waitUntil { (try? stopwatch.run("status", "work").output.contains(" (lock, dropped)")) == true })
        #expect(try stopwatch.run("status", "work", "--format", "i3blocks").status == 0)
        let csv = try stopwatch.run("history", "--csv").output
        #expect(csv.contains(",ask,"), "decided as edit --away drop, still asking: \(csv)")
        #expect(csv.hasSuffix(",0\n") && !csv.hasSuffix(",0,0\n"), "dropped, nothing undecided: \(csv)")
        try stopwatch.run("pause", "work")
        #expect(waitUntil { stopwatch.backgroundProcesses(["--watch-away"]).isEmpty }, "nothing left to wait for")
    }

    /// Issue 61's sequence 5: Keep on the coffee break does not keep the lunch. A second stretch
    /// before the answer updates the one notification in place, and its answer decides both; a
    /// stretch after the answer asks again, and `edit --away drop` decides only that one.
    @Test func askDecidesEachStretchWithOneNotificationUpdatedInPlace() throws {
        guard let (notifications, logind) = try askedAboutALock() else { return }
        defer { withExtendedLifetime(logind) {} }
        #expect(logind.lock(true) && logind.lock(false))
        #expect(waitUntil { notifications.notifications.count == 2 })
        let updated = notifications.notifications.last ?? ""
        #expect(
            updated.hasPrefix(#""stopwatch" 1 "" "stopwatch: 'work' was away "#), "in place of the first: \(updated)")
        #expect(notifications.choose("keep", on: 1))
        #expect(waitUntil { (try? stopwatch.run("status", "work").output.contains(" (lock, kept)")) == true })
        let kept = away("work", "lock")
        #expect(logind.lock(true))
        let locked = Date()
        #expect(waitUntil { Date().timeIntervalSince(locked) > 0.5 }, "half a second locked")
        #expect(logind.lock(false))
        #expect(waitUntil { notifications.notifications.count == 3 })
        let third = notifications.notifications.last ?? ""
        #expect(third.hasPrefix(#""stopwatch" 0 "" "stopwatch: 'work' was away "#), "a new one: \(third)")
        #expect(third.contains(" undecided\""), "names what is undecided: \(third)")
        let asking = try stopwatch.run("status", "work").output
        #expect(asking.contains(" undecided)"), "the lunch is asked about, not kept: \(asking)")
        #expect(try stopwatch.run("status", "work", "--format", "i3blocks").status == 33)
        let before = try #require(try status("work")["elapsedMilliseconds"] as? Int)
        let edited = try stopwatch.run("edit", "work", "--away", "drop")
        #expect(edited.status == 0, "\(edited.error)")
        let after = try status("work")
        let lunch = away("work", "lock") - kept
        let dropped = try #require(after["awayDroppedMilliseconds"] as? Int)
        #expect(lunch >= 500 && abs(dropped - lunch) <= 1, "only the lunch, to the millisecond: \(after)")
        #expect((after["awayUndecidedMilliseconds"] as? Int) == 0 && (after["awayPolicy"] as? String) == "ask")
        #expect(((after["elapsedMilliseconds"] as? Int) ?? .max) < before, "the lunch out of its time")
        try stopwatch.run("delete", "work")
    }

    /// "Book as…": the stretch becomes a run of `away`, out of the run, and a second notification
    /// says so with the command that names it.
    @Test func bookAsOnTheNotificationMakesTheStretchARunOfItsOwnToName() throws {
        guard let (notifications, logind) = try askedAboutALock() else { return }
        defer { withExtendedLifetime(logind) {} }
        #expect(notifications.choose("book", on: 1))
        #expect(waitUntil { notifications.notifications.count == 2 })
        let told = notifications.notifications.last ?? ""
        #expect(told.contains("stopwatch: 'work' away time booked as 'away' ("), "\(told)")
        let id = try #require(told.firstMatch(of: /stopwatch edit ([0-9a-f]+) --name lunch names it/)?.1)
        #expect(try stopwatch.run("history", "--format", "names").output == "away\nwork\n")
        #expect(away("work", "lock") == 0, "given to the run it became")
        #expect(try stopwatch.run("edit", String(id), "--name", "lunch").status == 0, "the command told works")
        #expect(try stopwatch.run("history", "--format", "names").output == "lunch\nwork\n")
        try stopwatch.run("delete", "work")
    }

    @Test func theLiveViewInARealTerminalTellsTheUndecidedLockAndDecidesItWithAKey() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), let (environment, logind) = desktop()
        else {
            return
        }
        #expect(try stopwatch.run(["start", "work", "--away", "ask"], environment: environment).status == 0)
        #expect(watcherListens())
        #expect(logind.lock(true) && logind.lock(false))
        #expect(waitUntil { away("work", "lock") > 0 })
        let tmux = try TmuxSession(
            root: stopwatch.root, environment: environment, configuration: "/dev/null",
            command: StopwatchBinary.path + " watch work", columns: 100)
        defer { tmux.stop() }
        #expect(tmux.terminal.waitFor("(lock, undecided)"), "\(tmux.terminal.screen.suffix(400))")
        #expect(tmux.terminal.screen.contains("k/d: keep/drop away"), "the keys that decide it")
        tmux.control("send-keys", "d")
        #expect(tmux.terminal.waitFor("(lock, dropped)"), "\(tmux.terminal.screen.suffix(400))")
        #expect(
            waitUntil { !tmux.control("capture-pane", "-p").contains("k/d") },
            "decided: the key line on screen no longer offers it")
        #expect(try stopwatch.run("status", "work").output.contains("(lock, dropped)"))
    }

    /// logind's `PrepareForSleep` heard: a wake with no sleep in the clocks books nothing, and the
    /// watcher listens on. (A real sleep no test can make: its booking, bounds and all, is tested
    /// on the fake clock, in `AwayStretchTests`.)
    @Test func aWakeWithNoSleepBooksNothingAndTheWatcherListensOn() throws {
        guard let (environment, logind) = desktop() else { return }
        #expect(try stopwatch.run(["start", "work"], environment: environment).status == 0)
        #expect(watcherListens())
        #expect(logind.prepareForSleep(true) && logind.prepareForSleep(false))
        #expect(logind.lock(true) && logind.lock(false))
        #expect(waitUntil { away("work", "lock") > 0 }, "still listening after the wake")
        #expect(away("work", "suspend") == 0)
        let stretch = try #require(try stopwatch.lastState("work")["lastAway"] as? [String: Any])
        #expect(stretch["cause"] as? String == "lock" && stretch["asleepMicroseconds"] == nil)
        try stopwatch.run("delete", "work")
    }

    @Test func aLockedStretchIsBookedAsAnotherRunAndUndoTakesItBack() throws {
        guard let (environment, logind) = desktop() else { return }
        #expect(try stopwatch.run(["start", "work"], environment: environment).status == 0)
        #expect(watcherListens())
        #expect(logind.lock(true) && logind.lock(false))
        #expect(waitUntil { away("work", "lock") > 0 })
        let booked = try stopwatch.run("edit", "work", "--away-as", "lunch")
        #expect(booked.status == 0 && booked.output.contains(" lunch "), "\(booked.output)\(booked.error)")
        #expect(away("work", "lock") == 0)
        #expect(try stopwatch.run("history", "--format", "names").output == "lunch\nwork\n")
        let again = try stopwatch.run("edit", "work", "--away-as", "lunch")
        #expect(again.status == 1 && again.error.contains("no away stretch"), "\(again.error)")
        #expect(try stopwatch.run("undo").status == 0)
        #expect(try stopwatch.run("history", "--format", "names").output == "work\n")
        #expect(away("work", "lock") > 0)
        try stopwatch.run("delete", "work")
    }
}
