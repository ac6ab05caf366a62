import Foundation
import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// Another machine's stopwatch of a name this machine has too, named `NAME@MACHINE`.
extension SeveralMachinesTests {
    /// Both machines ran `work` before a sync: each reads the other's as `work@MACHINE` in
    /// `status`, `laps` and `edit`, its own by the name alone or by its own machine's name.
    @Test func anotherMachinesStopwatchIsNamedWithItsMachine() throws {
        let directory = TemporaryDirectory()
        let machines = machines(2, in: directory, seed: 21)
        // The desktop's clock is hours behind the laptop's: its run began long before, as the
        // laptop's clock tells it.
        let (desktop, laptop) = (machines[1], machines[0])
        #expect(desktop.run(["start", "work"]).status == .success)
        #expect(desktop.run(["lap", "work", "--label", "desk"]).status == .success)
        #expect(laptop.run(["start", "work"]).status == .success)
        desktop.clock.advance(by: .seconds(600))
        laptop.clock.advance(by: .seconds(300))
        try carryJournals(from: desktop, to: laptop)

        #expect(laptop.run(["status", "work"]).output == "work: running 05:00.00\n")
        #expect(laptop.run(["status", "work@machine-0"]).output == "work: running 05:00.00\n", "its own")
        let other = laptop.run(["status", "work@machine-1"])
        #expect(other.status == .success)
        #expect(
            other.output.hasPrefix("work: running ~5:")
                && other.output.hasSuffix(", 1 lap (on machine-1, as of the last sync)\n"), "\(other)")
        #expect(laptop.run(["status", "work@machine-1", "--json"]).output.contains(#""machine":"machine-1""#))
        #expect(laptop.run(["laps", "work@machine-1"]).output.contains("desk"))
        #expect(!laptop.run(["laps", "work"]).output.contains("desk"), "its own laps")

        let missing = laptop.run(["status", "work@nas"])
        #expect(missing.status == .noInput)
        #expect(
            missing.messages
                == "stopwatch: no stopwatch 'work' on 'nas'; there is 'work', 'work@machine-1': stopwatch status work\n",
            "\(missing.messages)")
        let noLaps = laptop.run(["laps", "work@nas"])
        #expect(noLaps.status == .noInput && noLaps.messages.contains("stopwatch laps work\n"), "\(noLaps.messages)")
        #expect(laptop.run(["status", "work@"]).status == .usage)

        // Another machine's run in progress is changed there; this machine's own, by its name.
        let elsewhere = laptop.run(["edit", "work@machine-1", "--start", "+1m"])
        #expect(elsewhere.status == .notApplicable, "\(elsewhere)")
        let own = laptop.run(["edit", "work@machine-0", "--start", "+1m", "--json"])
        #expect(own.status == .success, "\(own.messages)")
        #expect(laptop.run(["status", "work"]).output == "work: running 04:00.00\n")

        // Once both are reset, each run is corrected by naming its machine, though the two
        // overlap: the overlap was there before the correction, which makes none.
        #expect(desktop.run(["reset", "work"]).status == .success)
        #expect(laptop.run(["reset", "work"]).status == .success)
        var random = SplitMix64(seed: 21)
        try carry(from: desktop, to: laptop, random: &random, tearing: false)
        try carryJournals(from: desktop, to: laptop)
        let edited = laptop.run(["edit", "work@machine-1", "--start", "+2m", "--json"])
        #expect(edited.status == .success, "\(edited)")
        #expect(
            edited.output.contains(#""machine":"machine-1""#)
                && edited.output.contains(#""elapsedMilliseconds":480000,"#), "\(edited.output)")
        #expect(laptop.run(["laps", "work@machine-1", "--run", "1"]).output.contains("desk"))
        #expect(!laptop.run(["laps", "work@machine-0", "--run", "1"]).output.contains("desk"))
        let tooFar = laptop.run(["laps", "work@machine-1", "--run", "9"])
        #expect(
            tooFar.status == .noInput && tooFar.messages.contains("no run 9 back of 'work' recorded on machine-1"),
            "the machine asked for named: \(tooFar.messages)")
        #expect(laptop.run(["edit", "work@machine-0", "--end", "-30s"]).status == .success)
    }
}
