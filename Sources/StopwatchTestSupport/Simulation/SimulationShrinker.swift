/// Runs a sequence of steps and, when it fails, cuts it down to the fewest steps that still
/// fail the same way (delta debugging): what a person pastes to see the defect.
public enum SimulationShrinker {
    /// The first failure of `steps` on a new simulation of `machines` made with `seed`, if any.
    public static func failure(of steps: [SimulationStep], machines: Int, seed: UInt64) -> SimulationFailure? {
        let simulation = Simulation(machines: machines, seed: seed)
        do {
            for step in steps { try simulation.perform(step) }
            try simulation.checkEverything()
            return nil
        } catch {
            return error
        }
    }

    /// What a failure says with its numbers left out: two failures are the same kind when this
    /// is the same.
    static func kind(_ failure: SimulationFailure) -> String {
        String(failure.message.prefix(80).filter { !$0.isNumber })
    }

    /// The shortest sequence found that fails as `steps` does, within `attempts` replays.
    public static func shrink(
        _ steps: [SimulationStep], machines: Int, seed: UInt64, attempts: Int = 400
    ) -> (steps: [SimulationStep], failure: SimulationFailure)? {
        guard let first = failure(of: steps, machines: machines, seed: seed) else { return nil }
        let kind = kind(first)
        var best = Array(steps.prefix(first.step))
        var found = first
        var tries = 0
        var chunk = max(1, best.count / 2)
        while chunk >= 1, tries < attempts {
            var start = 0
            var removed = false
            while start < best.count, tries < attempts {
                var candidate = best
                candidate.removeSubrange(start..<min(best.count, start + chunk))
                tries += 1
                if let failure = failure(of: candidate, machines: machines, seed: seed), Self.kind(failure) == kind {
                    best = Array(candidate.prefix(failure.step))
                    found = failure
                    removed = true
                } else {
                    start += chunk
                }
            }
            if !removed { chunk /= 2 }
        }
        return (best, found)
    }

    /// A report of `steps` failing: the seed, the commands to paste, and what went wrong.
    public static func report(_ steps: [SimulationStep], failure: SimulationFailure, machines: Int, seed: UInt64)
        -> String
    {
        var lines = [
            "The simulation (seed \(seed), \(machines) machine\(machines == 1 ? "" : "s")) fails after \(steps.count) step\(steps.count == 1 ? "" : "s"):",
            "export STOPWATCH_HOME=$(mktemp -d)",
        ]
        lines += steps.map(\.description)
        lines.append("")
        lines.append("What went wrong: \(failure.message)")
        return lines.joined(separator: "\n")
    }
}
