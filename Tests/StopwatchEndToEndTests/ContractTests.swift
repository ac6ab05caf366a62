import Foundation
import Testing

/// The command line's contract, on the built binary: what a slip says, idempotent commands, and
/// JSON from every command that changes a stopwatch.
@Suite struct ContractTests {
    let stopwatch = StopwatchBinary()

    @Test(arguments: [
        (["stauts"], "stopwatch: unknown command 'stauts'; did you mean 'status'?\n"),
        (["stop"], "stopwatch: there is no 'stop': 'pause' keeps the time, 'reset' clears it\n"),
        (["build"], "stopwatch: unknown command 'build'; 'stopwatch status build' shows the stopwatch of that name\n"),
        (
            ["status", "--lable", "x"],
            "stopwatch: unknown option '--lable' for 'status' (see 'stopwatch status --help')\n"
        ),
        (["lap", "--lable", "x"], "stopwatch: unknown option '--lable' for 'lap'; did you mean '--label'?\n"),
        (
            ["timer", "5", "min", "tea"],
            "stopwatch: 'min' is a unit, not a name; write a duration as one word: stopwatch timer 5min tea\n"
        ),
        (
            ["timer", "1h", "30m", "tea"],
            "stopwatch: '30m' reads as a duration, not a name; write a duration as one word: stopwatch timer 1h30m tea\n"
        ),
        (
            ["timer", "tea", "+2m"],
            "stopwatch: '+2m' is a signed duration, which changes a countdown's time, and there is no countdown named 'tea'; to make one: stopwatch timer 2m tea\n"
        ),
        (
            ["timer", "5m", "--until", "17:30"],
            "stopwatch: give a duration or '--until', not both: stopwatch timer 5m, or stopwatch timer --until 17:30\n"
        ),
        (["timer", "5x"], "stopwatch: invalid duration '5x': unknown unit 'x'; did you mean '5m'?\n"),
        (
            ["start", "--", "-x"],
            "stopwatch: invalid stopwatch name '-x': use 1 to 64 ASCII letters, digits, '.', '_' or '-', not starting with '.' or '-' (see 'stopwatch start --help')\n"
        ),
    ])
    func aSlipIsOneLineThatSaysWhatToTypeInstead(_ arguments: [String], _ message: String) throws {
        try stopwatch.run("start", "build")
        let before = stopwatch.stateFiles().map { stopwatch.contents($0) }
        let result = try stopwatch.run(arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.error == message)
        #expect(stopwatch.stateFiles().map { stopwatch.contents($0) } == before, "a slip changes nothing")
    }

    /// Once the same `--add` whatever was there, which failed when pasted: for `timer`, which did
    /// not exist; for a countdown not made yet; with a `--force` that `--add` refuses.
    @Test func aSignedDurationSuggestsWhatWorksForTheCountdownsThereAre() throws {
        func slip(_ arguments: String...) throws -> String { try stopwatch.run(arguments).error }
        #expect(
            try slip("timer", "+", "1m")
                == "stopwatch: '+1m' is a signed duration, which changes a countdown's time, and there is no countdown; to make one: stopwatch timer 1m\n"
        )
        try stopwatch.run("timer", "5m", "tea")
        #expect(
            try slip("timer", "+", "1m")
                == "stopwatch: '+1m' is a signed duration, which changes a countdown's time: stopwatch timer tea --add 1m\n",
            "the only one")
        #expect(
            try slip("timer", "+5m", "tea", "--force")
                == "stopwatch: '+5m' is a signed duration, which changes a countdown's time: stopwatch timer tea --add 5m\n"
        )
        #expect(
            try slip("timer", "-5s", "newtimer")
                == "stopwatch: '-5s' is a signed duration, which changes a countdown's time, and there is no countdown named 'newtimer'; to make one: stopwatch timer 5s newtimer\n"
        )
        for pasted in [
            ["timer", "tea", "--add", "1m"], ["timer", "tea", "--add", "5m"], ["timer", "5s", "newtimer"],
        ] {
            #expect(try stopwatch.run(pasted).status == 0, "\(pasted) works when pasted")
        }
    }

    @Test func resetOfAResetStopwatchSucceedsAndPrintsItsStatus() throws {
        try stopwatch.run("start", "ci")
        try stopwatch.run("lap", "ci")
        #expect(try stopwatch.run("reset", "ci").output == "ci: initial 00:00.00\n")
        let again = try stopwatch.run("reset", "ci")
        #expect(again.status == 0 && again.error.isEmpty)
        #expect(again.output == "ci: initial 00:00.00\n")
    }

    @Test func restartStartsOverInOneStepFromAnyStatus() throws {
        #expect(try stopwatch.run("restart", "ci").output == "ci: running 00:00.00\n", "creates")
        try stopwatch.run("lap", "ci")
        try stopwatch.run("pause", "ci")
        let restarted = try stopwatch.run("restart", "ci")
        #expect(restarted.status == 0)
        #expect(restarted.output == "ci: running 00:00.00\n")
        #expect(try stopwatch.run("laps", "ci").error == "ci: no laps\n")
        try stopwatch.run("timer", "10m", "tea")
        #expect(
            try stopwatch.run("restart", "tea").output == "tea: running 10:00.00 left of 10:00.00\n",
            "a countdown from its full duration")
    }

    @Test func everyCommandThatChangesAStopwatchPrintsTheStatusObjectWithJSON() throws {
        let keys: Set = [
            "name", "kind", "status", "elapsedMilliseconds", "elapsedMicroseconds", "estimated", "lapCount",
            "latestLap", "startedAt", "machine", "awayMilliseconds", "awayMicroseconds", "awayPolicy", "awayByCause",
            "awayDroppedMilliseconds", "awayUndecidedMilliseconds",
        ]
        for arguments in [
            ["start", "j"], ["lap", "j"], ["pause", "j"], ["resume", "j"], ["restart", "j"], ["reset", "j"],
        ] {
            let result = try stopwatch.run(arguments + ["--json"])
            #expect(result.status == 0, "\(arguments): \(result.error)")
            let document = try stopwatch.json(result.output)
            let expected = arguments[0] == "lap" ? keys.union(["lap"]) : keys
            #expect(Set(document.keys) == expected, "\(arguments)")
            #expect(document["name"] as? String == "j")
        }
        let lap = try stopwatch.json(try stopwatch.run("start", "k", "--json").output)
        #expect(
            lap["status"] as? String == "running" && lap["elapsedMicroseconds"] as? Int == 0,
            "shown at the moment it started")
        let lapped = try stopwatch.json(try stopwatch.run("lap", "k", "--label", "one", "--json").output)
        let recorded = try #require(lapped["lap"] as? [String: Any])
        #expect(recorded["label"] as? String == "one")
        #expect(
            recorded["totalMicroseconds"] as? Int == lapped["elapsedMicroseconds"] as? Int,
            "the elapsed time of the split itself")
        #expect(
            recorded["best"] == nil && (lapped["latestLap"] as? [String: Any])?["worst"] == nil,
            "no marks out of a lap list")
        let countdown = try stopwatch.json(try stopwatch.run("timer", "25m", "tea", "--json").output)
        #expect(countdown["kind"] as? String == "countdown")
        #expect(countdown["remainingMicroseconds"] as? Int == 1_500_000_000)
    }

    @Test func deleteTakesSeveralNamesAllOrNone() throws {
        for name in ["a", "b", "c"] { try stopwatch.run("start", name) }
        let missing = try stopwatch.run("delete", "a", "nope", "b")
        #expect(missing.status == 66)
        #expect(missing.error == "stopwatch: no such stopwatch 'nope'\n")
        #expect(
            stopwatch.stateFiles() == [stopwatch.journal("a"), stopwatch.journal("b"), stopwatch.journal("c")],
            "none deleted")
        let deleted = try stopwatch.run("delete", "a", "b")
        #expect(deleted.status == 0 && deleted.output.isEmpty && deleted.error.isEmpty)
        #expect(stopwatch.stateFiles() == [stopwatch.journal("c")])
    }

    @Test func deleteExpiredRemovesEveryExpiredCountdownAndNothingElse() throws {
        try stopwatch.run("timer", "1ms", "done1")
        try stopwatch.run("timer", "1ms", "done2")
        try stopwatch.run("timer", "1h", "pending")
        try stopwatch.run("start", "plain")
        #expect(try stopwatch.run("wait", "done2").status == 0)
        let result = try stopwatch.run("delete", "--expired")
        #expect(result.status == 0 && result.output.isEmpty)
        #expect(result.error == "stopwatch: deleted 2 expired countdowns: done1, done2\n", "it says what it deleted")
        #expect(stopwatch.stateFiles() == [stopwatch.journal("pending"), stopwatch.journal("plain")])
        let none = try stopwatch.run("delete", "--expired")
        #expect(none.status == 0, "nothing to delete is fine")
        #expect(none.error == "stopwatch: no countdown has expired; nothing deleted\n")
    }

    @Test func dismissResetsExpiredCountdownsAndRefusesTheRest() throws {
        try stopwatch.run("timer", "1ms", "done1")
        try stopwatch.run("timer", "1ms", "done2")
        try stopwatch.run("timer", "1h", "pending")
        try stopwatch.run("start", "plain")
        #expect(try stopwatch.run("wait", "done2").status == 0)
        #expect(try stopwatch.run("list", "--quiet", "--countdowns").status == 0)
        let pending = try stopwatch.run("dismiss", "pending")
        #expect(
            pending.status == 1 && pending.error.hasPrefix("stopwatch: cannot dismiss 'pending': it has not expired ("))
        #expect(pending.error.hasSuffix(" left); 'stopwatch delete pending' cancels it\n"))
        #expect(try stopwatch.run("dismiss", "plain").status == 1)
        #expect(try stopwatch.run("dismiss", "nosuch").status == 66)
        let all = try stopwatch.run("dismiss")
        #expect(all.status == 0)
        #expect(all.output == "done1: initial 00:00.00 left of 00:00.00\ndone2: initial 00:00.00 left of 00:00.00\n")
        #expect(try stopwatch.run("list", "--format", "{name}").output == "pending\n", "the bar shows what still runs")
        try stopwatch.run("pause", "pending")
        try stopwatch.run("pause", "plain")
        let again = try stopwatch.run("dismiss")
        #expect(
            again.status == 0 && again.output.isEmpty
                && again.error == "stopwatch: no countdown has expired; nothing to dismiss\n")
        #expect(
            stopwatch.stateFiles() == [
                stopwatch.journal("done1"), stopwatch.journal("done2"), stopwatch.journal("pending"),
                stopwatch.journal("plain"),
            ], "dismissed, not deleted")
    }

    @Test func waitOnAPausedCountdownSaysSoOnceOnATerminal() throws {
        try stopwatch.run("timer", "1h", "held")
        try stopwatch.run("pause", "held")
        let terminal = try PseudoTerminal()
        let process = try terminal.start(stopwatch, ["wait", "held"])
        // 1:00:00.00 left if it was paused within 10 ms of its start, 59:59.xx after.
        #expect(terminal.waitFor("stopwatch: 'held' is paused ("))
        #expect(terminal.waitFor(" left); waiting until it is resumed and runs out\r\n"))
        try stopwatch.run("resume", "held")
        try stopwatch.run("pause", "held")
        #expect(waitUntil { isAsleepInPoll(process.processIdentifier) })
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        #expect(terminal.screen.components(separatedBy: "is paused").count == 2, "once")

        let piped = try stopwatch.start(["wait", "held"])
        #expect(waitUntil { isAsleepInPoll(piped.processIdentifier) }, "it read the countdown and waits")
        kill(piped.processIdentifier, SIGTERM)
        let result = try stopwatch.finish(piped)
        #expect(result.error.isEmpty, "nothing into a log")
    }
}
