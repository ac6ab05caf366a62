import Foundation
import StopwatchTestSupport
import Testing

/// The deterministic simulation over a fixed budget of seeds (`scripts/simulate.sh` runs longer
/// ones): each seed a random sequence of commands, time, faults and syncs on one, two or three
/// machines (a third of the seeds each, `SimulationGenerator.machines(seed:)`; `SIMULATION_MACHINES`
/// sets the count for all), checked after every step; a failure shrunk to the fewest steps and
/// printed as commands to paste.
@Suite struct SimulationTests {
    /// `SIMULATION_SEED` and `SIMULATION_STEPS` pick one seed and its length, for the script.
    static let environment = ProcessInfo.processInfo.environment

    static var seeds: [UInt64] {
        if let seed = environment["SIMULATION_SEED"].flatMap(UInt64.init) { return [seed] }
        let count = environment["SIMULATION_SEEDS"].flatMap(Int.init) ?? 100
        return count > 0 ? (1...UInt64(count)).map { $0 &* 0x9E37_79B9 } : []
    }

    @Test(arguments: seeds)
    func aSeedLosesNothing(_ seed: UInt64) {
        let machines =
            Self.environment["SIMULATION_MACHINES"].flatMap(Int.init).map { min(max($0, 1), 3) }
            ?? SimulationGenerator.machines(seed: seed)
        let count = Self.environment["SIMULATION_STEPS"].flatMap(Int.init) ?? 200
        let steps = SimulationGenerator.steps(seed: seed, count: count, machines: machines)
        guard SimulationShrinker.failure(of: steps, machines: machines, seed: seed) != nil else { return }
        if let (shrunk, failure) = SimulationShrinker.shrink(steps, machines: machines, seed: seed) {
            Issue.record(
                Comment(rawValue: SimulationShrinker.report(shrunk, failure: failure, machines: machines, seed: seed)))
        }
    }
}
