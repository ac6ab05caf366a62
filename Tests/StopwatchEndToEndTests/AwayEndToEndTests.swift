import Foundation
import Testing

/// Away time end to end, on the installed binary: the policy each start gives a run, kept in its
/// journal and across a reset, and the away time a run holds told by `status`, its JSON and
/// `history`. (The sleep itself is told by the clocks, which no test can suspend: its detection is
/// tested on the fake clock, in `AwayTimeTests`.)
@Suite struct AwayEndToEndTests {
    let stopwatch = StopwatchBinary()

    func json(_ arguments: String...) throws -> [String: Any] {
        try stopwatch.json(try stopwatch.run(arguments).output)
    }

    @Test func eachStartGivesItsPolicyAndARunTellsItsAwayTimeEverywhere() throws {
        #expect(try json("start", "deep", "--away", "drop", "--json")["awayPolicy"] as? String == "drop")
        let since = try #require(try stopwatch.lastState("deep")["runningSince"] as? [String: Any])
        #expect(since["asleepMicroseconds"] is Int, "the sleep so far, read with the clocks")
        #expect(try stopwatch.run("pause", "deep").status == 0)
        // An hour slept while it ran, as the clocks would have left it.
        try stopwatch.editJournal("deep", "awayPolicy", to: #""drop","awayMicroseconds":3600000000"#)
        let line = try stopwatch.run("status", "deep").output
        #expect(line.hasSuffix(", away 1:00:00.00 (suspend, dropped)\n"), "\(line)")
        let status = try json("status", "deep", "--json")
        #expect(status["awayMicroseconds"] as? Int == 3_600_000_000 && status["awayMilliseconds"] as? Int == 3_600_000)
        #expect(try stopwatch.run("reset", "deep").status == 0)
        let runs = try #require(try json("history", "--json")["runs"] as? [[String: Any]])
        #expect(runs.first?["away"] as? String == "1:00:00.00" && runs.first?["awayPolicy"] as? String == "drop")
        let table = try stopwatch.run("history").output
        #expect(table.contains("AWAY") && table.contains("1:00:00.00 dropped"), "\(table)")
        let csv = try stopwatch.run("history", "--csv").output
        #expect(csv.contains(",3600000,drop,0,0,3600000,0\n"), "\(csv)")
        // Booked after all, then not again.
        #expect(try stopwatch.run("edit", "deep", "--away", "keep").status == 0)
        var edited = try #require(try json("history", "--json")["runs"] as? [[String: Any]]).first
        #expect(
            edited?["awayPolicy"] as? String == "keep" && (edited?["elapsedMilliseconds"] as? Int ?? 0) >= 3_600_000)
        #expect(try stopwatch.run("undo").status == 0)
        edited = try #require(try json("history", "--json")["runs"] as? [[String: Any]]).first
        #expect(edited?["awayPolicy"] as? String == "drop" && (edited?["elapsedMilliseconds"] as? Int ?? 0) < 3_600_000)
        #expect(try json("start", "deep", "--json")["awayPolicy"] as? String == "drop", "kept across the reset")

        #expect(try json("timer", "5m", "tea", "--json")["awayPolicy"] as? String == "keep")
        #expect(try json("cycle", "pom", "--json")["awayPolicy"] as? String == "drop")
        #expect(try stopwatch.run("cycle", "k", "work=1m", "--away", "keep", "--save", "steady").status == 0)
        let plan = try String(contentsOfFile: stopwatch.home + "/plans/steady.plan", encoding: .utf8)
        #expect(plan.hasSuffix("work=1m --away keep\n"), "\(plan)")
        #expect(try json("cycle", "k2", "--plan", "steady", "--json")["awayPolicy"] as? String == "keep")
    }

    @Test func aPolicyNotKnownIsRefusedAndChangesNothing() throws {
        let refused = try stopwatch.run("timer", "1m", "tea", "--away", "sometimes")
        #expect(refused.status == 64)
        #expect(
            refused.error
                == "stopwatch: unknown policy 'sometimes' for '--away'; use keep, drop or ask (see 'stopwatch timer --help')\n"
        )
        #expect(try stopwatch.run("status", "tea").status == 66)
        let added = try stopwatch.run("timer", "tea", "--add", "1m", "--away", "drop")
        #expect(added.status == 64 && added.error.contains("--away is for creating one"))
    }
}
