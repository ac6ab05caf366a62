import Foundation

/// What each command does, as the README tells it.
extension ReferenceModel {
    /// A command line as the model reads it: the command, its words, its options.
    struct Line {
        var command: String
        var positionals: [String] = []
        var options: [String: String] = [:]
        var flags: Set<String> = []

        static let valued: Set<String> = [
            "--ago", "--tag", "--label", "--add", "--rounds", "--wait-before", "--save", "--plan", "--start", "--end",
            "--name", "--format", "--away", "--away-as", "--away-up-to",
            "--long", "--long-every", "--warn", "--exec", "--at",
        ]

        init(_ arguments: [String]) {
            command = arguments.first ?? ""
            var index = 1
            while index < arguments.count {
                let word = arguments[index]
                if Self.valued.contains(word), index + 1 < arguments.count {
                    options[word] = arguments[index + 1]
                    index += 2
                    continue
                }
                if word.hasPrefix("--") { flags.insert(word) } else { positionals.append(word) }
                index += 1
            }
        }
    }

    /// What the model expected of a command, to compare with what it did.
    struct Expectation {
        var statuses: Set<Int32>
        var why: String
    }

    /// Applies a command the simulation ran on machine `index`: checks its exit status against
    /// what the model expects, and takes in what it changed. `before` is what the machine
    /// listed before it, and `filesBefore` its files.
    func apply(
        _ arguments: [String], on index: Int, outcome: SimulatedMachine.Outcome, imported: [ImportedRun]?,
        before: Simulation.Observation,
        filesBefore: [String: [UInt8]], simulation: Simulation, learningIDs: Bool = true
    ) -> Result<Void, ModelMismatch> {
        let machine = simulation.machines[index]
        let now = Self.reading(machine)
        let line = Line(arguments)
        var context = ModelCommand(
            model: self, index: index, now: now, line: line, outcome: outcome, simulation: simulation, before: before,
            filesBefore: filesBefore)
        let expectation: Expectation
        // Once a line of history was changed by hand, the change on it is passed over, and which
        // is lost the model cannot tell: it follows the stopwatches as their journals say.
        if editedByHand {
            guard [0, 1, 33, 64, 66].contains(outcome.status) else {
                return .failure(
                    ModelMismatch(
                        "'\(SimulationStep.shellWords(["stopwatch"] + arguments))' exits \(outcome.status): \(outcome.messages)"
                    ))
            }
            adopt(index, simulation: simulation)
            return .success(())
        }
        switch line.command {
        case "start", "pause", "resume", "toggle", "lap", "reset", "restart", "next", "dismiss":
            expectation = context.change()
        case "timer":
            expectation = line.options["--add"] != nil ? context.addTime() : context.createCountdown()
        case "cycle":
            expectation = context.createCycle()
        case "delete":
            expectation = context.delete()
        case "goal":
            expectation = context.goal()
        case "track", "import", "edit", "remove", "split", "join", "undo", "redo":
            expectation = context.correct(imported: imported)
        default:
            expectation = Expectation(statuses: [0, 1, 33, 64, 66], why: "a command the model does not follow")
        }
        guard expectation.statuses.contains(outcome.status) else {
            return .failure(
                ModelMismatch(
                    "'\(SimulationStep.shellWords(["stopwatch"] + arguments))' on \(machine.name) exits \(outcome.status) (\(outcome.messages.trimmingCharacters(in: .newlines))), but the model expects \(expectation.statuses.sorted()): \(expectation.why)"
                ))
        }
        if outcome.status == 0 {
            for commit in context.commits { commit() }
            if let entry = context.entry { record(entry, on: index, filesBefore: filesBefore, simulation: simulation) }
        }
        if learningIDs { learnRunIDs(on: index, simulation: simulation) }
        return .success(())
    }

    /// The change just appended to machine `index`'s history: its id and sequence, read from the
    /// file that grew (docs/state-format.md: `CHECK 3 CHANGE PART/COUNT SEQUENCE …`).
    func record(_ made: ModelEntry, on index: Int, filesBefore: [String: [UInt8]], simulation: Simulation) {
        let files = simulation.machines[index].files
        // The machine's own file, the one a change is appended to: it grew, or a torn tail was cut off first.
        let path = "history/events-" + Self.machineID(machineNames[index]) + ".tsv"
        guard let bytes = files[path], bytes != filesBefore[path] else { return }
        // The first whole change appended since that the model has not taken: keys pressed in one
        // live view make a change each, all written before the model takes the first. Read from
        // the first line that differs from before (a torn tail may have been cut off first); what
        // a cut left after the last whole line is no change.
        let before = filesBefore[path] ?? []
        var old = zip(before, bytes).prefix(while: { $0 == $1 }).count
        while old > 0, bytes[old - 1] != UInt8(ascii: "\n") { old -= 1 }
        var appended = bytes[old...].split(separator: UInt8(ascii: "\n"))
        if bytes.last != UInt8(ascii: "\n"), !appended.isEmpty { appended.removeLast() }
        func fields(_ line: ArraySlice<UInt8>) -> [String] {
            line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        // Whole: its last part written (`PART/COUNT`, docs/state-format.md).
        func isLastPart(_ fields: [String]) -> Bool {
            let part = fields.count > 3 ? fields[3].split(separator: "/") : []
            return fields.count > 4 && Int(fields[4]) != nil && part.count == 2 && part[0] == part[1]
        }
        guard
            let fields = appended.lazy.map(fields).first(where: { fields in
                isLastPart(fields) && !self.entries.contains(where: { $0.id == fields[2] })
            }),
            let sequence = Int(fields[4])
        else { return }
        let part = fields[3].split(separator: "/")
        // Every part of it whole: a power cut may have lost a sector of one (zeros), and a change
        // is read only when all its lines are.
        let lines = bytes.split(separator: UInt8(ascii: "\n")).filter {
            !$0.contains(0) && String(decoding: $0, as: UTF8.self).contains("\t" + fields[2] + "\t")
        }
        guard lines.count == Int(part[1]) else { return }
        var entry = made
        entry.id = fields[2]
        entry.sequence = sequence
        entry.madeOn = index
        entry.file = path
        entry.end = bytes.count
        if let last = lines.last, let range = bytes.lastRange(of: Array(last) + [UInt8(ascii: "\n")]) {
            entry.lastLine = Array(bytes[range])
            entry.lastLineStart = range.lowerBound
        }
        // A run added by this change whose id the model does not know yet: read from history.
        let listed = simulation.runs(on: index)
        // Ids the model holds already: a run begun in the instant another began is not that one.
        var known = Set(
            entries.flatMap { entry in
                entry.operations.compactMap { operation -> String? in
                    if case .add(let run) = operation { run.id } else { nil }
                }
            })
        for (position, operation) in entry.operations.enumerated() {
            guard case .add(var run) = operation else { continue }
            run.serial = entries.count * 100 + position
            entry.operations[position] = .add(run)
            guard run.id.isEmpty else { continue }
            // One that ended (recorded by a machine): a run begun in the same instant may be in
            // progress beside it.
            if let found = listed.first(where: {
                ($0["name"] as? String) == run.name && ImportedRun(historyRun: $0).start == run.start
                    && $0["machine"] is String && !known.contains($0["id"] as? String ?? "")
            }), let id = found["id"] as? String {
                run.id = id
                known.insert(id)
                entry.operations[position] = .add(run)
            }
        }
        // A stopwatch whose run this change ended held that run: its id, where the model had not
        // learned it yet (a run begun and ended by keys in one live view), so that an undo tells
        // it from a run begun since.
        for (position, change) in entry.stopwatches.enumerated() where change.before?.runID == nil {
            let ended = entry.operations.lazy.compactMap { operation -> String? in
                guard case .add(let run) = operation, run.name == change.key.name,
                    run.machine == self.machineNames[change.key.machine], !run.id.isEmpty
                else { return nil }
                return run.id
            }.first
            if let ended, change.before?.status != .initial { entry.stopwatches[position].before?.runID = ended }
        }
        entries.append(entry)
    }

    /// Reads the ids of the runs this machine's stopwatches hold, for those the model does not
    /// know yet: given when the run begins, which the model does not decide.
    func learnRunIDs(on index: Int, simulation: Simulation) {
        guard
            stopwatches.contains(where: {
                $0.key.machine == index && $0.value.status != .initial && $0.value.runID == nil
            })
        else { return }
        for run in simulation.runs(on: index) where run["machine"] is NSNull || run["machine"] == nil {
            guard let name = run["name"] as? String, let status = run["status"] as? String,
                ["running", "paused", "waiting", "expired"].contains(status),
                let id = run["id"] as? String
            else { continue }
            if stopwatches[ModelKey(machine: index, name: name)]?.status != .initial,
                stopwatches[ModelKey(machine: index, name: name)]?.runID == nil
            {
                stopwatches[ModelKey(machine: index, name: name)]?.runID = id
            }
        }
    }
}
