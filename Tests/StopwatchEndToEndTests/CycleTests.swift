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
        #expect(started.output.hasPrefix("sprint: running go 1/4 00:00."), "\(started.output)")
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
        #expect(try stopwatch.run("status", "sprint").output.hasPrefix("sprint: expired"))
        #expect(try stopwatch.run("dismiss", "sprint").output.hasPrefix("sprint: initial go 1/4 00:00.40 left"))
    }

    @Test func nextEndsAPhaseAndTheStateSaysWhereItStandsForEveryProcess() throws {
        try stopwatch.run("cycle", "focus", "work=10m", "rest=5m")
        let next = try stopwatch.run("next", "focus")
        #expect(next.status == 0)
        #expect(next.output.hasPrefix("focus: running rest 2 0"), "\(next.output)")
        #expect(try stopwatch.run("status", "focus", "--format", "{phase} {phase_index} {next}").output == "rest 2 work\n")
        #expect(try stopwatch.run("status", "focus", "--format", "waybar").output.contains(#""class":["running","rest"]"#))
        #expect(try stopwatch.run("pause", "focus").status == 0)
        #expect(try stopwatch.run("next", "focus").output.hasPrefix("focus: paused work 3 10:00.00 left"))
        #expect(try stopwatch.run("reset", "focus").output.hasPrefix("focus: initial work 1 10:00.00 left"))
        let refused = try stopwatch.run("next", "focus")
        #expect(refused.status == 1)
        #expect(refused.error == "stopwatch: cannot begin the next phase of 'focus': it is reset; start it with 'stopwatch start focus'\n")
        let wait = try stopwatch.run("wait", "focus")
        #expect(wait.status == 1, "a cycle until stopped has no end to wait for")
    }

    @Test func aBadPlanIsSixtyFourAndChangesNothing() throws {
        for words in [["cycle", "work=0s"], ["cycle", "re st=5m"], ["cycle", "w=5m", "--rounds", "0"], ["cycle", "x", "y", "z"]] {
            let result = try stopwatch.run(words)
            #expect(result.status == 64, "\(words)")
            #expect(result.error.hasPrefix("stopwatch: ") && result.error.split(separator: "\n").count == 1)
        }
        #expect(try stopwatch.run("list", "--names").output.isEmpty, "nothing created")
    }
}
