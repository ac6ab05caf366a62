import Foundation
import StopwatchPlatform
import Testing

@testable import StopwatchTestSupport

/// The processes a simulation runs at once: they interleave at every operation on the disk, in
/// orders the seeds vary, and wait for each other at the lock as `flock` makes them.
@Suite struct ProcessInterleavingTests {
    /// Two laps at once on a running stopwatch: each is taken, once, whichever process takes the
    /// lock first; across seeds both do.
    @Test func lapsAtOnceAreEachTakenInEitherOrder() throws {
        var firsts: Set<String> = []
        for seed in UInt64(0)..<16 {
            let machine = SimulatedMachine(
                name: "laptop", wall: Simulation.start, zone: ManualTimeZone(offset: .zero), seed: 1)
            #expect(machine.run(["start", "work"]).status == 0)
            machine.clock.advance(by: .seconds(3))
            let (outcomes, deadlocked) = machine.runTogether(
                [["lap", "work", "--label", "a"], ["lap", "work", "--label", "b"]], seed: seed)
            #expect(!deadlocked)
            #expect(outcomes.map(\.status) == [0, 0])
            let laps = machine.run(["laps", "work", "--json"]).output
            #expect(laps.components(separatedBy: "\"number\"").count - 1 == 2, "\(laps)")
            firsts.insert(laps.range(of: "\"a\"")!.lowerBound < laps.range(of: "\"b\"")!.lowerBound ? "a" : "b")
        }
        #expect(firsts == ["a", "b"])
    }

    /// A process that holds the shared lock and asks for the exclusive one on another opening of
    /// the directory waits for itself, as under `flock`: the interleaving says so rather than
    /// hang.
    @Test func aLockThatWaitsForItselfIsADeadlock() {
        let disk = PowerLossFileSystem(home: SimulatedMachine.home, image: [:])
        let (results, deadlocked) = ProcessInterleaving.run(1, seed: 3, on: disk) { _, fileSystem -> Int32? in
            do {
                let first = try fileSystem.openDirectory(atPath: SimulatedMachine.home)
                try fileSystem.lock(first, exclusive: false)
                let second = try fileSystem.openDirectory(atPath: SimulatedMachine.home)
                try fileSystem.lock(second, exclusive: true)
                return nil
            } catch {
                return (error as? FileSystemError)?.errno
            }
        }
        #expect(deadlocked)
        #expect(results == [EDEADLK])
    }
}
