import Foundation
import Testing

/// Every command through the built binary, with its output streams and exit statuses.
@Suite struct CommandTests {
    let stopwatch = StopwatchBinary()

    @Test func aWholeSession() throws {
        var result = try stopwatch.run("start", "build")
        #expect(result.status == 0)
        #expect(result.output == "build: running 00:00.00\n" || result.output.hasPrefix("build: running 00:00.0"))
        #expect(result.error.isEmpty)

        result = try stopwatch.run("lap", "build", "--label", "compile")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("build: lap 1 "))
        #expect(result.output.hasSuffix(" compile\n"))

        #expect(try stopwatch.run("lap", "--label=link", "build").status == 0)
        #expect(try stopwatch.run("pause", "build").output.hasPrefix("build: paused "))
        let paused = try stopwatch.run("status", "build", "--json")
        let document = try stopwatch.json(paused.output)
        #expect(document["status"] as? String == "paused")
        #expect(document["lapCount"] as? Int == 2)
        let millis = try #require(document["elapsedMilliseconds"] as? Int)

        // A paused stopwatch reads the same every time, in every format.
        #expect(try stopwatch.run("status", "build", "--format", "ms").output == "\(millis)\n")
        #expect(
            try stopwatch.run("status", "build", "--format", "s").output
                == String(format: "%d.%03d\n", millis / 1000, millis % 1000))
        #expect(try stopwatch.run("status", "build").output.hasSuffix(", 2 laps\n"))

        let laps = try stopwatch.run("laps", "build")
        #expect(laps.status == 0)
        #expect(laps.output.hasPrefix("LAP "))
        #expect(laps.output.contains("compile") && laps.output.contains("link"))
        #expect(laps.output.contains("2 laps  min "))
        let csv = try stopwatch.run("laps", "build", "--csv").output.split(separator: "\n")
        #expect(csv.count == 3)
        #expect(csv[0] == "number,lap_ms,total_ms,label,best,worst,recorded_at")
        #expect(csv[1].hasPrefix("1,") && csv[1].contains(",compile,"))
        let lapsJSON = try stopwatch.json(try stopwatch.run("laps", "build", "--json").output)
        #expect((lapsJSON["laps"] as? [Any])?.count == 2)
        #expect((lapsJSON["statistics"] as? [String: Any])?["count"] as? Int == 2)

        #expect(try stopwatch.run("resume", "build").output.hasPrefix("build: running "))
        #expect(try stopwatch.run("start").status == 0)
        let list = try stopwatch.run("list")
        #expect(list.output.hasPrefix("NAME "))
        #expect(list.output.contains("\nbuild ") && list.output.contains("\ndefault "))
        let listJSON = try stopwatch.json(try stopwatch.run("list", "--json").output)
        #expect((listJSON["timers"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["build", "default"])

        result = try stopwatch.run("reset", "build")
        #expect(result.output == "build: initial 00:00.00\n")
        #expect(try stopwatch.run("laps", "build").error == "build: no laps\n")
        #expect(try stopwatch.run("delete", "build").status == 0)
        #expect(stopwatch.stateFiles() == [stopwatch.journal("default")])
    }

    @Test func stopwatchAloneShowsWhatRunsOrIsPausedOrAHint() throws {
        var result = try stopwatch.run()
        #expect(result.status == 0 && result.output.isEmpty)
        #expect(result.error == "no stopwatches yet; 'stopwatch start' starts one\n")
        #expect(stopwatch.stateFiles().isEmpty, "reading creates nothing")
        try stopwatch.run("start", "build")
        try stopwatch.run("timer", "10m", "tea")
        try stopwatch.run("pause", "tea")
        try stopwatch.run("start", "idle")
        try stopwatch.run("reset", "idle")
        result = try stopwatch.run()
        #expect(result.status == 0 && result.error.isEmpty)
        let rows = result.output.split(separator: "\n").map {
            $0.split(separator: " ").prefix(2).joined(separator: " ")
        }
        #expect(rows == ["NAME STATUS", "build running", "tea paused"])
        try stopwatch.run("reset", "build")
        try stopwatch.run("reset", "tea")
        result = try stopwatch.run()
        #expect(result.status == 0 && result.output.isEmpty)
        #expect(result.error == "none is running or paused; 'stopwatch list' shows the 3 there are\n")
    }

    @Test(arguments: [
        ["status", "biuld"], ["status", "biuld", "--format", "ms"], ["laps", "biuld"], ["pause", "biuld"],
        ["resume", "biuld"], ["lap", "biuld"], ["reset", "biuld"], ["wait", "biuld"], ["delete", "biuld"],
    ])
    func aNameNeverCreatedIs66WithTheClosestOneSuggested(_ arguments: [String]) throws {
        try stopwatch.run("start", "build")
        let before = stopwatch.stateFiles()
        let result = try stopwatch.run(arguments)
        #expect(result.status == 66)
        #expect(result.output.isEmpty, "a typo never reads as zero")
        // `wait` takes countdowns alone, so a stopwatch is no name it means.
        let meant = arguments[0] == "wait" ? "" : " (did you mean 'build'?)"
        #expect(result.error == "stopwatch: no such stopwatch 'biuld'\(meant)\n")
        #expect(stopwatch.stateFiles() == before)
    }

    @Test(arguments: ["start", "restart", "watch"])
    func startRestartAndWatchCreate(_ command: String) throws {
        let result = try stopwatch.run(command, "fresh")
        #expect(result.status == 0, "\(result.error)")
        if command != "watch" { #expect(stopwatch.stateFiles() == [stopwatch.journal("fresh")]) }
    }

    @Test func theStateIsPrivate() throws {
        try stopwatch.run("start")
        try stopwatch.run("lap")
        let attributes = { (path: String) in
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
        }
        #expect(try attributes(stopwatch.home) == 0o700)
        #expect(try attributes(stopwatch.file(stopwatch.journal("default"))) == 0o600)
        #expect(stopwatch.stateFiles() == [stopwatch.journal("default")], "one file a stopwatch")
    }

    @Test func theStateDirectoryFollowsXDGAndHome() throws {
        var environment = stopwatch.environment
        environment["STOPWATCH_HOME"] = nil
        #expect(try stopwatch.run(["start"], environment: environment).status == 0)
        #expect(
            FileManager.default.fileExists(
                atPath: stopwatch.root + "/.local/state/stopwatch/" + stopwatch.journal("default")))
        environment["XDG_STATE_HOME"] = stopwatch.root + "/xdg"
        #expect(try stopwatch.run(["start"], environment: environment).status == 0)
        #expect(
            FileManager.default.fileExists(atPath: stopwatch.root + "/xdg/stopwatch/" + stopwatch.journal("default")))
    }

    @Test(arguments: [
        "start", "restart", "pause", "resume", "lap", "reset", "status", "laps", "list", "delete", "watch",
        "timer", "wait", "run", "stamp", "help",
    ])
    func everyCommandHasHelpThatFitsEightyColumnsWithAnExample(_ command: String) throws {
        for arguments in [[command, "--help"], [command, "-h"], ["help", command]] {
            let result = try stopwatch.run(arguments)
            #expect(result.status == 0)
            #expect(result.output.hasPrefix("Usage: stopwatch \(command)"))
            #expect(result.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
            #expect(result.output.contains("\nExamples:\n"))
        }
        #expect(stopwatch.stateFiles().isEmpty)
    }

    @Test func toolHelpAndVersion() throws {
        let help = try stopwatch.run("--help")
        #expect(help.status == 0 && help.output.contains("Exit codes:"))
        let version = try stopwatch.run("--version")
        #expect(version.status == 0 && version.output == "stopwatch 0.5.0\n")
    }
}
