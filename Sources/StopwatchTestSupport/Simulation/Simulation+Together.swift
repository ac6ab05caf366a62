/// Commands at once on one machine: processes that interleave at every operation on the disk and
/// wait for each other at the state directory's lock.
extension Simulation {
    /// Runs `commands` at once on a copy of machine `index` (`SimulatedMachine.runTogether`), and
    /// checks that they left what one order of them, run one after the other, leaves: the same
    /// files, and each command's same exit status and words. Then runs them in that order on the
    /// machine itself, each checked as any command is, against the model.
    func together(_ commands: [[String]], on index: Int, seed: UInt64, step: SimulationStep)
        throws(SimulationFailure)
    {
        let resolved = commands.compactMap { resolve($0, on: index) }
        guard resolved.count == commands.count else {
            transcript.append("(skipped, no run to name) \(step)")
            return
        }
        let machine = machines[index]
        let atOnce = SimulatedMachine(copying: machine, sameIDs: true)
        let (outcomes, deadlocked) = atOnce.runTogether(resolved, seed: seed)
        transcript.append(
            step.description + "  # exits "
                + outcomes.map { outcome in
                    "\(outcome.status)"
                        + (outcome.messages.isEmpty ? "" : " (\(outcome.messages.trimmingCharacters(in: .newlines)))")
                }.joined(separator: ", "))
        try check(!deadlocked, step, "commands at once deadlocked at the state directory's lock")
        let left = Self.contents(atOnce.files)
        var closest: (order: [Int], outcomes: [SimulatedMachine.Outcome], files: [String: [UInt8]])?
        for commands in clicksTold(resolved, on: index) {
            for order in Self.orders(of: commands.count) {
                let serial = SimulatedMachine(copying: machine, sameIDs: true)
                let serialOutcomes = order.map { serial.run(commands[$0]) }
                let files = Self.contents(serial.files)
                if serialOutcomes == order.map({ outcomes[$0] }) && files == left {
                    // The same as this order: run so on the machine, each checked against the model.
                    for command in order { try self.command(commands[command], on: index, step: step) }
                    try check(
                        Self.contents(machine.files) == left, step,
                        "run one after the other, the commands leave other files than their first run so: \(Self.difference(left, Self.contents(machine.files)))"
                    )
                    return
                }
                closest = closest ?? (order, serialOutcomes, files)
            }
        }
        guard let closest else { return }
        let said = zip(closest.order, closest.outcomes).map { command, serial in
            let atOnce = outcomes[command]
            return
                "'\(SimulationStep.shellWords(["stopwatch"] + resolved[command]))' exits \(atOnce.status) \(atOnce.output.debugDescription) \(atOnce.messages.debugDescription) at once, \(serial.status) \(serial.output.debugDescription) \(serial.messages.debugDescription) in turn"
        }
        throw SimulationFailure(
            step: performed,
            message:
                "commands at once left what no order of them leaves run one after the other; in the order given: "
                + said.joined(separator: "; ") + "; files: " + Self.difference(closest.files, left))
    }

    /// `commands` as given, then with each bar's click (`toggle --shown`) told as what it may have
    /// done: `toggle`, `dismiss` or `next` of a stopwatch of the machine. A click picks the one
    /// shown from a read before its change, which another command may change in between; its
    /// change is then made on the stored status (ToggleCommand's help), as the command it stands
    /// for is.
    func clicksTold(_ commands: [[String]], on index: Int) -> [[[String]]] {
        let names = Set(model.stopwatches.keys.filter { $0.machine == index }.map(\.name)).sorted()
        var told = [commands]
        for (position, words) in commands.enumerated() where words.first == "toggle" && words.contains("--shown") {
            let json = words.contains("--json") ? ["--json"] : []
            told += told.flatMap { list in
                ["toggle", "dismiss", "next"].flatMap { verb in
                    names.map { name in
                        var changed = list
                        changed[position] = [verb, name] + json
                        return changed
                    }
                }
            }
        }
        return told
    }

    /// Every order of `count` things, the given one first.
    static func orders(of count: Int) -> [[Int]] {
        guard count > 1 else { return [Array(0..<count)] }
        return (0..<count).flatMap { first in
            orders(of: count - 1).map { rest in [first] + rest.map { $0 >= first ? $0 + 1 : $0 } }
        }
    }
}
