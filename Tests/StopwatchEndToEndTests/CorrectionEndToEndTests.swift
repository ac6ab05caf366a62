import Foundation
import Testing

/// Corrections and undo end to end, on the built binary: each command, its output and exit
/// status, and what a slip gets (one line with what to type, nothing written).
@Suite struct CorrectionEndToEndTests {
    let stopwatch = StopwatchBinary()

    func runs(_ arguments: String...) throws -> [[String: Any]] {
        let result = try stopwatch.run(["history", "--json"] + arguments)
        #expect(result.status == 0, "\(result.error)")
        return try #require(try stopwatch.json(result.output)["runs"] as? [[String: Any]])
    }

    func history() throws -> String {
        stopwatch.historyFile.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
    }

    @Test func theStartOfTheStopwatchRunningNowMovesAndUndoPutsItBack() throws {
        #expect(try stopwatch.run("start", "meeting").status == 0)
        let moved = try stopwatch.run("edit", "--start", "-15m", "--json")
        #expect(moved.status == 0, "\(moved.error)")
        let run = try #require((try stopwatch.json(moved.output)["runs"] as? [[String: Any]])?.first)
        #expect(run["status"] as? String == "running" && (run["elapsedMilliseconds"] as? Int ?? 0) >= 900_000)
        #expect(
            try stopwatch.run("status", "meeting", "--format", "s").output.hasPrefix("90"),
            "the stopwatch counts from the new start")
        let undone = try stopwatch.run("undo")
        #expect(undone.status == 0 && undone.output.hasPrefix("undid the edit of 'meeting' made "), "\(undone.output)")
        #expect(
            try Double(
                stopwatch.run("status", "meeting", "--format", "s").output.trimmingCharacters(
                    in: .whitespacesAndNewlines)) ?? 999 < 60)
        #expect(try stopwatch.run("redo").output.hasPrefix("redid the edit of 'meeting'"))
    }

    @Test func aResetIsUndoneWithItsLapsAndAnUndoThatWouldLoseAChangeIsRefused() throws {
        try stopwatch.run("start", "build")
        try stopwatch.run("lap", "build", "--label", "compile")
        try stopwatch.run("reset", "build")
        #expect(try runs().count == 1)
        #expect(try stopwatch.run("undo").output.hasPrefix("undid the reset of 'build' (run "))
        #expect(try stopwatch.run("status", "build").output.hasPrefix("build: running"))
        #expect(try stopwatch.run("laps", "build", "--csv").output.contains(",compile,"), "its lap back")
        #expect(try runs().map { $0["status"] as? String } == ["running"], "the run in progress, not in history too")
        try stopwatch.run("reset", "build")
        try stopwatch.run("start", "build")
        let before = try history()
        let refused = try stopwatch.run("undo")
        #expect(refused.status == 1 && refused.output.isEmpty)
        #expect(
            refused.error.hasPrefix("stopwatch: cannot take back the reset made ")
                && refused.error.hasSuffix(
                    ": 'build' changed since (it is running now), and taking it back never writes over a change; 'stopwatch history build' lists its runs\n"
                ),
            "\(refused.error)"
        )
        #expect(try history() == before, "nothing written")
    }

    @Test func aRunInHistoryIsCorrectedSplitJoinedAndRemovedByItsId() throws {
        #expect(try stopwatch.run("track", "2026-11-20 09:00", "2026-11-20 12:00", "review").status == 0)
        let id = try #require(try runs().first?["id"] as? String)
        let short = String(id.prefix(8))
        let corrected = try stopwatch.run("edit", short, "--end", "-30m", "--tag", "billable", "--json")
        let run = try #require((try stopwatch.json(corrected.output)["runs"] as? [[String: Any]])?.first)
        #expect(
            run["id"] as? String == id && run["elapsedMilliseconds"] as? Int == 9_000_000
                && run["tags"] as? [String] == ["billable"])
        let split = try stopwatch.run("split", short, "2026-11-20 10:00", "--json")
        let parts = try #require(try stopwatch.json(split.output)["runs"] as? [[String: Any]])
        #expect(
            parts.map { $0["elapsedMilliseconds"] as? Int } == [3_600_000, 5_400_000] && parts[0]["id"] as? String == id
        )
        let second = try #require(parts[1]["id"] as? String)
        #expect(try stopwatch.run("join", String(second.prefix(8)), short).status == 0)
        #expect(try runs().map { $0["elapsedMilliseconds"] as? Int } == [9_000_000])
        let removed = try stopwatch.run("remove", short)
        #expect(removed.status == 0 && removed.output.contains(short))
        #expect(try runs().isEmpty)
        #expect(try stopwatch.run("undo").output.hasPrefix("undid the remove (run \(short)) made "))
        #expect(try runs().count == 1)
    }

    @Test func aSlipIsOneLineWithWhatToTypeAndWritesNothing() throws {
        try stopwatch.run("track", "2026-11-20 09:00", "2026-11-20 10:00", "review")
        try stopwatch.run("track", "2026-11-20 11:00", "2026-11-20 12:00", "review")
        let before = try history()
        let overlap = try stopwatch.run("track", "2026-11-20 09:30", "2026-11-20 10:30", "review")
        #expect(overlap.status == 64)
        #expect(overlap.error.hasPrefix("stopwatch: it would overlap review's run "), "\(overlap.error)")
        #expect(
            overlap.error.hasSuffix(
                "runs of one name never overlap; to start it where that one ends: stopwatch track '2026-11-20 10:00' '2026-11-20 10:30' review\n"
            ), "\(overlap.error)")
        let reversed = try stopwatch.run("track", "2026-11-20 14:00", "2026-11-20 13:00", "review")
        #expect(
            reversed.status == 64
                && reversed.error.hasSuffix("; swapped: stopwatch track '2026-11-20 13:00' '2026-11-20 14:00' review\n"),
            "\(reversed.error)")
        let future = try stopwatch.run("track", "09:00", "2099-01-01 10:00", "review")
        #expect(future.status == 64 && future.error.contains("in the future"), "\(future.error)")
        let noSuch = try stopwatch.run("edit", "ffffffff", "--tag", "x")
        #expect(
            noSuch.status == 64
                && noSuch.error
                    == "stopwatch: no run's id begins with 'ffffffff'; 'stopwatch history' lists the runs with their ids\n"
        )
        let nothing = try stopwatch.run("edit", "review")
        #expect(nothing.status == 64 && nothing.error.hasPrefix("stopwatch: 'edit' needs what to change"))
        let badTime = try stopwatch.run("edit", "review", "--start", "9am")
        #expect(badTime.status == 64 && badTime.error.hasPrefix("stopwatch: invalid time '9am' for '--start'"))
        #expect(try history() == before, "nothing written")
    }

    @Test func aBareTimeThatMakesAStartMoreThan12HoursBackIsGivenWithItsDate() throws {
        // Two minutes from now, as local clocks show it: the latest such time was yesterday's.
        var now = time(nil) + 120
        var local = tm()
        localtime_r(&now, &local)
        let at = String(format: "%02d:%02d", local.tm_hour, local.tm_min)
        let refused = try stopwatch.run("start", "early", "--at", at)
        #expect(refused.status == 64 && refused.output.isEmpty)
        #expect(
            refused.error.contains(
                "a start more than 12 hours back is given with its date: stopwatch start early --at '"),
            "\(refused.error)")
        let pasted = try #require(refused.error.split(separator: ": ").last.map { String($0.dropLast()) })
        #expect(pasted.hasPrefix("stopwatch start early --at '") && pasted.hasSuffix(" \(at)'"), "\(pasted)")
        #expect(try stopwatch.run("status", "early").status == 66, "nothing created")
    }
}
