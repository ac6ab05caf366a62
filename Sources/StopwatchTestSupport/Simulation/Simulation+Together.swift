import StopwatchCore

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
        var resolved = commands.compactMap { resolve($0, on: index) }
        guard resolved.count == commands.count else {
            transcript.append("(skipped, no run to name) \(step)")
            return
        }
        // The watcher hears a stretch begin where none is open, and end where one is, as
        // `awayBegins` and `awayEnds`.
        resolved.removeAll { words in
            words.first == "@away" && (words.dropFirst().first == "begins") == (openStretches[index] != nil)
        }
        let machine = machines[index]
        let atOnce = SimulatedMachine(copying: machine)
        let stretch = openStretches[index].map { ($0.cause, $0.start) }
        // Each process its own ids, the same whichever order it runs in: the ids a process draws
        // before it takes the lock would otherwise follow the interleaving.
        let ids = { (process: Int) in SequentialIDSource(seed: seed &+ UInt64(process + 1) &* 0x9E37_79B9_7F4A_7C15) }
        let (outcomes, deadlocked) = atOnce.runTogether(resolved, seed: seed, stretch: stretch, ids: ids)
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
                let serial = SimulatedMachine(copying: machine)
                let serialOutcomes = order.map { serial.act(commands[$0], stretch: stretch, ids: ids($0)) }
                let files = Self.contents(serial.files)
                let same = zip(order, serialOutcomes).allSatisfy { command, serial in
                    Self.alike(serial, outcomes[command], of: commands[command])
                }
                if same && files == left {
                    // The same as this order: run so on the machine, each checked against the model.
                    for command in order { try act(commands[command], on: index, step: step) }
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

    /// One of the commands at once, run on machine `index` itself and checked: a command as any
    /// is, the away watcher as `awayBegins` and `awayEnds` are.
    func act(_ words: [String], on index: Int, step: SimulationStep) throws(SimulationFailure) {
        guard words.first == "@away", words.count > 1 else { return try command(words, on: index, step: step) }
        if words[1] == "begins" {
            guard openStretches[index] == nil else { return }
            let cause: AwayCause = words.last == "idle" ? .idle : .lock
            openStretches[index] = (machines[index].clock.now(), cause)
            try watcherHears(cause, on: index, step: step)
        } else {
            try closeStretch(on: index, step: step)
        }
    }

    /// Whether two runs of `words` did the same: exit status and words, but for `goal` the
    /// progress it prints, which it reads after its change and a command at once may change
    /// again (the goals it leaves are compared, as every file is).
    static func alike(_ one: SimulatedMachine.Outcome, _ other: SimulatedMachine.Outcome, of words: [String]) -> Bool {
        guard words.first == "goal" else { return one == other }
        return one.status == other.status && one.messages == other.messages
    }

    /// Every order of `count` things, the given one first.
    static func orders(of count: Int) -> [[Int]] {
        guard count > 1 else { return [Array(0..<count)] }
        return (0..<count).flatMap { first in
            orders(of: count - 1).map { rest in [first] + rest.map { $0 >= first ? $0 + 1 : $0 } }
        }
    }
}
