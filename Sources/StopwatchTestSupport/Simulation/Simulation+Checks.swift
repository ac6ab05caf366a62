import Foundation
import StopwatchCore
import StopwatchPlatform

/// What the simulation checks once machines are in sync, after an undo, and after a round trip
/// through Timewarrior's or Watson's format.
extension Simulation {
    // MARK: - Sync

    /// Once every file is everywhere, every machine reads the same history and report, and lists
    /// the same stopwatches.
    func checkSettled(after step: SimulationStep) throws(SimulationFailure) {
        // The runs that ended, as each machine lists them (a run in progress is shown by each as
        // of its own clock, another machine's estimated), and, with none in progress, the report.
        let held = Set(model.stopwatches.values.filter { $0.status != .initial }.compactMap(\.runID))
        func ended(_ machine: SimulatedMachine) -> [String] {
            runs(of: machine).filter { !held.contains($0["id"] as? String ?? "") }.map { run in
                String(
                    decoding: (try? JSONSerialization.data(withJSONObject: run, options: [.sortedKeys])) ?? Data(),
                    as: UTF8.self)
            }
        }
        let first = machines[0]
        var expected = ended(first)
        if isAnEditUnseenBySnapshots, machines.dropFirst().contains(where: { ended($0) != expected }) {
            deleteSnapshots()
            expected = ended(first)
        }
        for machine in machines.dropFirst() {
            let got = ended(machine)
            try check(
                got == expected, step,
                "the runs history holds differ between \(first.name) and \(machine.name) once in sync:\n\(first.name): \(expected.filter { !got.contains($0) })\n\(machine.name): \(got.filter { !expected.contains($0) })"
            )
        }
        if held.isEmpty {
            let arguments = ["report", "--json", "--by", "name,tags"]
            let report = first.run(arguments).output
            for machine in machines.dropFirst() {
                let outcome = machine.run(arguments)
                try check(
                    outcome.output == report, step,
                    "'stopwatch report --json' differs between \(first.name) and \(machine.name) once in sync:\n\(report)\n\(outcome.output)"
                )
            }
        }
        for index in machines.indices { try checkAgainstModel(index, step: step) }
    }

    // MARK: - Undo

    /// What a machine shows: its stopwatches and the runs history holds, as JSON objects.
    struct Observation: Equatable {
        var stopwatches: String
        var history: String

        /// Itself with history's count of damaged lines left out.
        var passingOverDamage: Observation {
            var copy = self
            if let range = copy.history.range(of: #""damagedLines":[0-9]+,?"#, options: .regularExpression) {
                copy.history.removeSubrange(range)
            }
            return copy
        }
    }

    func observe(_ index: Int, history: Bool = true) -> Observation {
        Observation(
            stopwatches: machines[index].run(["list", "--json"]).output,
            history: history ? machines[index].run(["history", "--json"]).output : "")
    }

    /// `undo` right after a change to history gives back what was there, to the byte, and `redo`
    /// what the change made; on a copy of the machine, so the simulation goes on from the change.
    func checkUndoRestores(_ index: Int, before: Observation, after: Observation, step: SimulationStep)
        throws(SimulationFailure)
    {
        let copy = fork(index)
        let undo = copy.run(["undo"])
        try check(
            undo.status == 0, step,
            "'stopwatch undo' right after it exits \(undo.status): \(undo.messages.trimmingCharacters(in: .newlines))")
        let undone = Observation(
            stopwatches: copy.run(["list", "--json"]).output, history: copy.run(["history", "--json"]).output)
        // A line edited by hand keeping its length is found damaged only once a reading covers it
        // again (docs/state-format.md, the snapshot): the undo's may be that reading.
        let counted = editedLines.isEmpty
        try check(
            counted ? undone == before : undone.passingOverDamage == before.passingOverDamage, step,
            "'stopwatch undo' right after it does not give back what was there:\n\(Self.describe(before, undone))")
        let redo = copy.run(["redo"])
        try check(
            redo.status == 0, step,
            "'stopwatch redo' after the undo exits \(redo.status): \(redo.messages.trimmingCharacters(in: .newlines))")
        let redone = Observation(
            stopwatches: copy.run(["list", "--json"]).output, history: copy.run(["history", "--json"]).output)
        try check(
            counted ? redone == after : redone.passingOverDamage == after.passingOverDamage, step,
            "'stopwatch redo' does not give back what the undo took:\n\(Self.describe(after, redone))")
    }

    static func describe(_ expected: Observation, _ got: Observation) -> String {
        var lines: [String] = []
        if expected.stopwatches != got.stopwatches {
            lines += ["list --json was: \(expected.stopwatches)", "now: \(got.stopwatches)"]
        }
        if expected.history != got.history {
            lines += ["history --json was: \(expected.history)", "now: \(got.history)"]
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Round trips

    func roundTrip(_ index: Int, watson: Bool, step: SimulationStep) throws(SimulationFailure) {
        let machine = machines[index]
        // Every run but one still running (an interval with no end, which an import passes over),
        // ending its start and the time it booked later (Timewarrior and Watson keep no pauses).
        let source = runs(on: index).filter { ($0["status"] as? String) != "running" }.map { run in
            var run = run
            let start = ImportedRun.microseconds(iso: run["start"] as? String ?? "") ?? 0
            run["end"] = ImportedRun.iso(start + Int64(run["elapsedMicroseconds"] as? Int ?? 0))
            return run
        }
        guard !source.isEmpty else { return }
        let file: String
        if watson {
            file = ImportedRun.file(source.map(ImportedRun.init(historyRun:)), watson: true)
        } else {
            let export = machine.run(["history", "--format", "timew"])
            try check(export.status == 0, step, "'stopwatch history --format timew' exits \(export.status)")
            file = export.output
        }
        let path = scratch + "/round-trip-\(performed).json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(file.utf8))
        let elsewhere = SimulatedMachine(
            name: "elsewhere", wall: machine.clock.now().wall, zone: zone, seed: seed ^ 0xE15E)
        let imported = elsewhere.run(["import", path])
        try check(
            imported.status == 0, step,
            "import of what 'history --format timew' printed exits \(imported.status): \(imported.messages)")
        // Runs of one name that overlap or start in one second are passed over by an import as
        // the file's order has it (history may hold such: `start --ago` goes back over the
        // latest's end): those are left out on both sides; every other comes back as it went.
        let went = source.map(ImportedRun.init(historyRun:)).map(\.inSeconds)
        func collides(_ run: ImportedRun) -> Bool {
            went.filter { $0.name == run.name }.count(where: {
                $0.start == run.start || ($0.start < run.end && run.start < $0.end)
                    || ($0.start == $0.end && run.start <= $0.start && $0.start <= run.end)
            }) > 1
        }
        let kept = went.filter { !collides($0) }
        let expected = kept.map(\.seconds).sorted()
        let got = runs(of: elsewhere).map(ImportedRun.init(historyRun:)).map(\.inSeconds).filter { run in
            !went.contains { $0.name == run.name && $0.start == run.start && collides($0) }
        }.map(\.seconds).sorted()
        try check(
            expected == got, step,
            "runs \(watson ? "as Watson's frames" : "through Timewarrior's format") come back otherwise:\nwent: \(expected)\ncame: \(got)"
        )
    }
}
