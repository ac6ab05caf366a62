import Foundation
import Testing

/// Many processes at once, processes killed mid-write, and clocks that the stopwatch must not trust.
@Suite struct SafetyTests {
    let stopwatch = StopwatchBinary()

    @Test func fiftyConcurrentLapsRecordFiftyLaps() throws {
        try stopwatch.run("start", "race")
        let processes = try (0..<50).map { _ in try stopwatch.start(["lap", "race"]) }
        let results = try processes.map { try stopwatch.finish($0) }
        #expect(results.allSatisfy { $0.status == 0 })
        let document = try stopwatch.json(try stopwatch.run("laps", "race", "--json").output)
        let laps = try #require(document["laps"] as? [[String: Any]])
        #expect(laps.compactMap { $0["number"] as? Int } == Array(1...50))
        let totals = laps.compactMap { $0["totalMicroseconds"] as? Int }
        #expect(totals == totals.sorted(), "splits are in the order the laps were committed")
    }

    @Test func thirtyConcurrentRestartsKeepThirtyRunsEndToEnd() throws {
        try stopwatch.run("start", "race")
        try stopwatch.run("lap", "race")
        let processes = try (0..<30).map { _ in try stopwatch.start(["restart", "race"]) }
        #expect(try processes.map { try stopwatch.finish($0) }.allSatisfy { $0.status == 0 })
        let history = try stopwatch.json(try stopwatch.run("history", "race", "--json").output)
        #expect(history["damagedLines"] as? Int == 0)
        let runs = try #require(history["runs"] as? [[String: Any]])
        let ended = runs.filter { $0["status"] as? String == "ended" }
        #expect(
            ended.count == 30 && runs.count == 31, "each restart kept the run it ended, once; the last is in progress")
        // Newest first: each run began as the one before it ended.
        let starts = runs.compactMap { $0["start"] as? String }
        let ends = runs.compactMap { $0["end"] as? String }
        #expect(zip(starts.dropLast(), ends.dropFirst()).allSatisfy { $0 == $1 }, "no gap, no overlap")
        #expect(try stopwatch.run("laps", "race", "--run", "30").output.hasPrefix("LAP"), "the first run's lap kept")
    }

    @Test func killingWritersAtAnyMomentLeavesAReadableState() throws {
        try stopwatch.run("start", "victim")
        for round in 0..<40 {
            let process = try stopwatch.start(["lap", "victim"])
            usleep(useconds_t(round * 97 % 3000))
            kill(process.processIdentifier, SIGKILL)
            _ = try stopwatch.finish(process)
        }
        let status = try stopwatch.run("status", "victim", "--json")
        #expect(status.status == 0, "\(status.error)")
        let count = try #require(try stopwatch.json(status.output)["lapCount"] as? Int)
        let laps = try stopwatch.run("laps", "victim", "--csv")
        #expect(laps.status == 0, "\(laps.error)")
        #expect(laps.output.split(separator: "\n").count == count + 1)

        // The next command cleans up whatever the killed ones left behind.
        #expect(try stopwatch.run("lap", "victim").status == 0)
        #expect(stopwatch.stateFiles() == [stopwatch.journal("victim")])
        #expect(try stopwatch.run("laps", "victim", "--csv").output.split(separator: "\n").count == count + 2)
    }

    @Test func leftoversOfAKilledWriteAreRemovedByTheNextCommand() throws {
        try stopwatch.run("start")
        try stopwatch.run("lap")
        _ = FileManager.default.createFile(
            atPath: stopwatch.file("." + stopwatch.journal("default") + ".tmp"), contents: Data("{\"half".utf8))
        let handle = try #require(FileHandle(forWritingAtPath: stopwatch.file(stopwatch.journal("default"))))
        handle.seekToEndOfFile()
        handle.write(Data("{\"check\":\"12345678\",\"lap\":{\"number\":2,\"lapMi".utf8))
        handle.closeFile()
        #expect(try stopwatch.run("laps", "--csv").output.split(separator: "\n").count == 2)
        #expect(try stopwatch.run("lap").output.hasPrefix("default: lap 2 "))
        #expect(stopwatch.stateFiles() == [stopwatch.journal("default")])
        #expect(try stopwatch.run("laps", "--csv").output.split(separator: "\n").count == 3)
    }

    @Test func afterARebootTheTimeIsEstimatedFromTheWallClockAndPinnedByTheNextChange() throws {
        try stopwatch.run("start")
        // What a reboot looks like to the next command: a running segment from another boot session,
        // begun ten minutes ago on the wall clock.
        let since = try #require(try stopwatch.lastState("default")["runningSince"] as? [String: Any])
        try stopwatch.editJournal("default", "bootSession", to: #""a-previous-boot time:[1]""#)
        try stopwatch.editJournal("default", "bootMicroseconds", to: "1")
        try stopwatch.editJournal(
            "default", "wallMicroseconds", to: String(try #require(since["wallMicroseconds"] as? Int) - 600_000_000))

        let first = try stopwatch.json(try stopwatch.run("status", "--json").output)
        #expect(first["estimated"] as? Bool == true)
        let estimate = try #require(first["elapsedMilliseconds"] as? Int)
        #expect(estimate >= 600_000 && estimate < 660_000)
        #expect(try stopwatch.run("status").output.contains("~10:0"))
        #expect(try stopwatch.run("status").output.contains("(estimated: not all of it measured)"))

        // A read writes nothing; the next change saves the estimate on the new boot clock, so later
        // reads never fall below it.
        #expect(
            ((try stopwatch.lastState("default")["runningSince"] as? [String: Any])?["bootSession"] as? String)
                == "a-previous-boot time:[1]")
        try stopwatch.run("lap")
        let saved = try stopwatch.lastState("default")
        #expect(((saved["runningSince"] as? [String: Any])?["bootSession"] as? String) != "a-previous-boot time:[1]")
        let later = try #require(
            try stopwatch.json(try stopwatch.run("status", "--json").output)["elapsedMilliseconds"] as? Int)
        #expect(later >= estimate)
    }
}

func canShiftTheBootClock() -> Bool {
    StopwatchBinary.succeeds("/usr/bin/unshare", ["-T", "--boottime", "1000", "true"])
}
