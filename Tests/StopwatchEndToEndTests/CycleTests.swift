import Foundation
import Testing

/// Cycles end to end, on the built binary: a short real cycle (phases of a fraction of a second)
/// through each surface, `next`, and `wait` for its end.
@Suite struct CycleEndToEndTests {
    let stopwatch = StopwatchBinary()

    func status(_ name: String) throws -> [String: Any] {
        try stopwatch.json(try stopwatch.run("status", name, "--json").output)
    }

    @Test func aShortCycleRunsThroughItsPhasesAndWaitEndsWithIt() throws {
        let clock = ContinuousClock()
        let begun = clock.now
        let started = try stopwatch.run("cycle", "sprint", "go=0.4s", "rest=0.2s", "--rounds", "2")
        #expect(started.status == 0)
        #expect(started.output.hasPrefix("sprint: running go 1/2 00:00."), "\(started.output)")
        let first = try status("sprint")
        let phase = try #require(first["phase"] as? [String: Any])
        #expect(first["kind"] as? String == "cycle")
        #expect(phase["count"] as? Int == 4 && phase["rounds"] as? Int == 2)
        #expect(first["durationMilliseconds"] as? Int == 1_200, "two rounds of 0.6 s")
        let wait = try stopwatch.run("wait", "sprint")
        #expect(wait.status == 0 && wait.output.isEmpty && wait.error.isEmpty)
        #expect(clock.now - begun >= .milliseconds(1_200), "never before the last phase ended")
        let ended = try status("sprint")
        #expect(ended["status"] as? String == "expired")
        #expect((ended["phase"] as? [String: Any])?["number"] as? Int == 4)
        #expect(try stopwatch.run("status", "sprint").output.hasPrefix("sprint: ended"))
        #expect(try stopwatch.run("dismiss", "sprint").output.hasPrefix("sprint: initial go 1/2 00:00.40 left"))
        // Its completed phases counted by label: no `work` here, two of `go`.
        let report = try stopwatch.json(try stopwatch.run("report", "--count", "go", "--json").output)
        #expect(report["counted"] as? String == "go" && (report["total"] as? [String: Any])?["completed"] as? Int == 2)
        let table = try stopwatch.run("report", "--count", "go").output
        #expect(
            table.hasPrefix("DAY ") && table.contains(" DONE ")
                && table.split(separator: "\n").last?.contains(" 2 ") == true, "\(table)")
        #expect(!(try stopwatch.run("report").output.contains("DONE")), "no pomodoro, no column")
        let slip = try stopwatch.run("report", "--count", "gi")
        #expect(
            slip.status == 64
                && slip.error == "stopwatch: no cycle counted has a phase labelled 'gi' (did you mean 'go'?)\n",
            "\(slip.error)")
    }

    /// Issue "Release 0.5.0", item 1: `cycle --watch` as `timer --watch`; into a pipe, a line at
    /// each edge (the Core's events) and at the end.
    @Test func cycleWatchShowsItLiveToItsEnd() throws {
        let watched = try stopwatch.run("cycle", "brief", "go=0.3s", "rest=0.3s", "--rounds", "1", "--watch")
        #expect(watched.status == 0, "a cycle with an end runs to it, as a countdown does")
        let lines = watched.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("brief: running go 1/1 ") == true, "\(watched.output)")
        #expect(lines.contains { $0.hasPrefix("brief: running rest 1/1 ") }, "the edge, a line of its own")
        #expect(lines.last?.hasPrefix("brief: ended ") == true, "\(watched.output)")
        let both = try stopwatch.run("cycle", "other", "--watch", "--json")
        let other = try stopwatch.run("status", "other")
        #expect(both.status == 64 && other.status == 66, "refused, nothing started")
    }

    @Test func nextEndsAPhaseAndTheStateSaysWhereItStandsForEveryProcess() throws {
        try stopwatch.run("cycle", "focus", "work=10m", "rest=5m")
        let next = try stopwatch.run("next", "focus")
        #expect(next.status == 0)
        #expect(next.output.hasPrefix("focus: running rest 1 0"), "\(next.output)")
        #expect(
            try stopwatch.run("status", "focus", "--format", "{phase} {phase_index} {next}").output == "rest 2 work\n")
        #expect(
            try stopwatch.run("status", "focus", "--format", "waybar").output.contains(#""class":["running","rest"]"#))
        #expect(try stopwatch.run("pause", "focus").status == 0)
        #expect(try stopwatch.run("next", "focus").output.hasPrefix("focus: paused work 2 10:00.00 left"))
        #expect(try stopwatch.run("reset", "focus").output.hasPrefix("focus: initial work 1 10:00.00 left"))
        let refused = try stopwatch.run("next", "focus")
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "stopwatch: cannot begin the next phase of 'focus': it is reset; start it with 'stopwatch start focus'\n"
        )
        let wait = try stopwatch.run("wait", "focus")
        #expect(wait.status == 1, "a cycle until stopped has no end to wait for")
    }

    @Test func aBadPlanIsSixtyFourAndChangesNothing() throws {
        for words in [
            ["cycle", "work=0s"], ["cycle", "re st=5m"], ["cycle", "w=5m", "--rounds", "0"], ["cycle", "x", "y", "z"],
        ] {
            let result = try stopwatch.run(words)
            #expect(result.status == 64, "\(words)")
            #expect(result.error.hasPrefix("stopwatch: ") && result.error.split(separator: "\n").count == 1)
        }
        #expect(try stopwatch.run("list", "--names").output.isEmpty, "nothing created")
    }

    @Test func aPlanSavedUnderANameStartsAgainByThatName() throws {
        let saved = try stopwatch.run(
            "cycle", "first", "work=90m", "rest=20m", "--rounds", "2", "--wait-before", "work", "--save", "deep")
        #expect(saved.status == 0)
        let file = stopwatch.home + "/plans/deep.plan"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(
            text.hasSuffix("work=90m rest=20m --rounds 2 --wait-before work\n"),
            "the words as typed, for a person to read and edit")
        #expect(try stopwatch.run("list", "--plans").output == "deep\n", "what completion offers after --plan")
        let again = try stopwatch.run("cycle", "morning", "--plan", "deep")
        #expect(again.output == "morning: running work 1/2 1:30:00.00 left of 1:30:00.00\n")
        // Edited by hand: a comment, and a phase changed.
        try "# my mornings\nwork=45m   rest=15m  # shorter\n--rounds 2\n".write(
            toFile: file, atomically: false, encoding: .utf8)
        #expect(
            try stopwatch.run("cycle", "tomorrow", "--plan", "deep").output.hasPrefix(
                "tomorrow: running work 1/2 45:00.00 left"))
        let unknown = try stopwatch.run("cycle", "x", "--plan", "nope")
        #expect(unknown.status == 64 && unknown.error.hasPrefix("stopwatch: no saved plan 'nope'; saved plans: deep"))
        let over = try stopwatch.run("cycle", "y", "a=1m", "--save", "deep")
        #expect(over.status == 64 && over.error.contains("a plan 'deep' is saved already; add '--force' to replace it"))
        #expect(try stopwatch.run("status", "y").status == 66, "refused before anything changed")
        // Options typed beside '--plan' in place of the plan's; hooks and tags kept in a plan.
        let typed = try stopwatch.run("cycle", "again", "--plan", "deep", "--rounds", "3", "--json")
        #expect(
            typed.status == 0 && typed.output.contains(#""rounds":3"#),
            "once refused: '--plan' takes its phases and their options")
        let hooked = try stopwatch.run(
            "cycle", "h", "work=1m", "--exec", "echo it's done # now", "--tag", "client-a", "--save", "hooked")
        #expect(hooked.status == 0)
        let hookedText = try String(contentsOfFile: stopwatch.home + "/plans/hooked.plan", encoding: .utf8)
        #expect(
            hookedText.hasSuffix("work=1m --exec 'echo it'\\''s done # now' --tag client-a\n"),
            "quoted as a shell would read it")
        #expect(try stopwatch.run("cycle", "h2", "--plan", "hooked").status == 0)
        #expect(try stopwatch.run("history", "h2", "--csv").output.contains(",client-a,"), "the plan's tags")
        #expect(try stopwatch.run("cycle", "h3", "--plan", "hooked", "--tag", "client-b").status == 0)
        #expect(
            try stopwatch.run("history", "h3", "--csv").output.contains(",client-b,"), "typed, in place of the plan's")
        try "wo rk=5m\n".write(toFile: file, atomically: false, encoding: .utf8)
        let corrupt = try stopwatch.run("cycle", "z", "--plan", "deep")
        #expect(corrupt.status == 65)
        #expect(
            corrupt.error
                == "stopwatch: \(file): is not a plan 'stopwatch cycle' takes: a phase is LABEL=DURATION, got 'wo': for example work=25m\n"
        )
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "wo rk=5m\n", "left as it is")
    }
}
