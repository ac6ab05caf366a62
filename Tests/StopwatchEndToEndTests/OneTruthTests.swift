import Foundation
import Testing

/// What a new user ran into, each now answered with what to type, and the views that must agree.
@Suite struct OneTruthTests {
    let stopwatch = StopwatchBinary()

    @Test func aMissingDefaultListsTheNamesThereAreAndAWorkingCommand() throws {
        try stopwatch.run("start", "build")
        let status = try stopwatch.run("status")
        #expect(status.status == 66)
        #expect(
            status.error
                == "stopwatch: no stopwatch named 'default', which is the default; there is 'build': stopwatch status build\n"
        )
        #expect(try stopwatch.run("status", "build").status == 0, "the suggestion works when pasted")
        try stopwatch.run("timer", "5m", "tea")
        let wait = try stopwatch.run("wait", "--notify")
        #expect(wait.status == 66)
        #expect(
            wait.error
                == "stopwatch: no countdown named 'timer', which is the default; there is 'tea': stopwatch wait tea --notify\n",
            "countdowns alone")
        for name in ["a1", "b2", "c3", "d4", "e5"] { try stopwatch.run("start", name) }
        let many = try stopwatch.run("timer", "--add", "1m")
        #expect(
            many.error
                == "stopwatch: no countdown named 'timer', which is the default; there is 'tea': stopwatch timer tea --add 1m\n",
            "the only countdown, never cut off by '…'")
        #expect(try stopwatch.run("timer", "tea", "--add", "1m").status == 0, "the suggestion works when pasted")
        // `wait --edge` once looked for a countdown named 'timer' and offered 'tea'.
        try stopwatch.run("cycle", "focus", "work=25m")
        let edge = try stopwatch.run("wait", "--edge")
        #expect(edge.status == 66)
        #expect(
            edge.error
                == "stopwatch: no cycle named 'cycle', which is the default; there is 'focus': stopwatch wait focus --edge\n",
            "cycles alone")
    }

    @Test func aNameCreatedOneLetterOffAnotherSaysSo() throws {
        try stopwatch.run("start", "build")
        let typo = try stopwatch.run("start", "biuld")
        #expect(typo.status == 0 && typo.output == "biuld: running 00:00.00\n")
        #expect(typo.error == "stopwatch: 'biuld' is new (did you mean 'build'?)\n")
        let countdown = try stopwatch.run("timer", "5m", "builds")
        #expect(countdown.error == "stopwatch: 'builds' is new (did you mean 'build'?)\n")
        #expect(try stopwatch.run("start", "deploy").error.isEmpty, "a name unlike any says nothing")
        #expect(try stopwatch.run("restart", "build").error.isEmpty, "nor one that exists")
        try stopwatch.run("start", "a")
        #expect(try stopwatch.run("start", "b").error.isEmpty, "nor a short name, meant as it is (issue 50, item 15)")
    }

    @Test func runWithAStopwatchsNameButNoDoubleDashShowsTheFormThatWorks() throws {
        try stopwatch.run("start", "ci")
        let result = try stopwatch.run("run", "ci", "true", "--flag")
        #expect(result.status == 127)
        #expect(
            result.error
                == "stopwatch: ci: command not found; 'ci' is a stopwatch: to record the run in it, stopwatch run ci -- true --flag\n"
        )
        #expect(try stopwatch.run("run", "ci", "--", "true", "--flag").status == 0)
    }

    @Test func watchingANewNameCloseToAnExistingOneSaysSo() throws {
        try stopwatch.run("start", "build")
        let result = try stopwatch.run("watch", "biuld")
        #expect(result.status == 0)
        #expect(result.error == "stopwatch: watching 'biuld' (new; did you mean 'build'?)\n")
        #expect(try stopwatch.run("watch", "fresh").error.isEmpty, "no note without a close name")
    }

    @Test func waitOnAResetCountdownSaysSoOnATerminal() throws {
        try stopwatch.run("timer", "1h", "held")
        try stopwatch.run("reset", "held")
        let terminal = try PseudoTerminal()
        let process = try terminal.start(stopwatch, ["wait", "held"])
        #expect(
            terminal.waitFor(
                "stopwatch: 'held' is reset (1:00:00.00 left); waiting until it is started and runs out\r\n"))
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
    }

    @Test func aDumbTerminalGetsNoCursorOrEraseSequencesNorBlocksAndStillShowsTheKeys() throws {
        let terminal = try PseudoTerminal()
        let process = try terminal.start(stopwatch, ["watch", "plain"], environment: ["TERM": "dumb"])
        #expect(
            terminal.waitFor("space: start/pause/resume   l: lap   r: reset   q: quit\r\nplain: initial 00:00.00\r\n"),
            "the keys first")
        terminal.type(" ")
        #expect(terminal.waitFor("plain: running 00:00.00\r\n"))
        terminal.type("q")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(
            !terminal.screen.contains("\u{1B}["),
            "one line per change, as into a pipe: \(terminal.screen.debugDescription)")

        try stopwatch.run("start", "bars")
        try stopwatch.run("lap", "bars")
        try stopwatch.run("lap", "bars")
        let laps = try PseudoTerminal()
        let shown = try laps.start(stopwatch, ["laps", "bars"], environment: ["TERM": "dumb"])
        shown.waitUntilExit()
        #expect(laps.waitFor("2 laps  min "))
        #expect(!laps.screen.contains("\u{2588}"), "no block characters: \(laps.screen.debugDescription)")
    }
}
