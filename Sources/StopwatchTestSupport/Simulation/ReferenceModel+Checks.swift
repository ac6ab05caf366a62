import Foundation

/// What every surface of a machine must show, from the model.
extension ReferenceModel {
    /// The surfaces of machine `index` against the model: its own stopwatches in `list --json`
    /// (status, elapsed time, laps, kind), and, once it has every change history holds, the runs
    /// of `history --json` and the totals of `report --json` and `today --json`.
    func check(_ machine: SimulatedMachine, index: Int, simulation: Simulation, surfaces: Bool = true) -> Result<
        Void, ModelMismatch
    > {
        let now = Self.reading(machine)
        let listed = simulation.json(machine.run(["list", "--json"]).output)?["timers"] as? [[String: Any]] ?? []
        // Each of its own, reset ones too, but where another machine's of the name in use is
        // shown in its place.
        let foreign = Set(listed.filter { $0["machine"] is String }.compactMap { $0["name"] as? String })
        var shown: [String: String] = [:]
        for timer in listed where !(timer["machine"] is String) {
            guard let name = timer["name"] as? String, let status = timer["status"] as? String, !foreign.contains(name)
            else { continue }
            var text =
                "\(status) \(timer["kind"] as? String ?? "?") \(timer["elapsedMicroseconds"] as? Int ?? -1) µs, \(timer["lapCount"] as? Int ?? -1) laps"
            if let label = (timer["latestLap"] as? [String: Any])?["label"] as? String {
                text += " (the latest '\(label)')"
            }
            if let duration = timer["durationMicroseconds"] as? Int, timer["phase"] == nil || timer["phase"] is NSNull {
                text += ", of \(duration) µs"
            }
            if let phase = timer["phase"] as? [String: Any] {
                text +=
                    ", phase \(phase["number"] as? Int ?? -1) \(phase["label"] as? String ?? "?") \(phase["remainingMicroseconds"] as? Int ?? -1) µs left"
            }
            let start = (timer["startedAt"] as? String).flatMap(ImportedRun.microseconds(iso:)).map { "\($0)" } ?? "-"
            text +=
                ", from \(start), away \(timer["awayMicroseconds"] as? Int ?? -1) µs \(timer["awayPolicy"] as? String ?? "?")"
            shown[name] = text
        }
        var expected: [String: String] = [:]
        for (key, stopwatch) in stopwatches where key.machine == index && !foreign.contains(key.name) {
            var text =
                "\(stopwatch.token(at: now)) \(stopwatch.plan.word) \(stopwatch.elapsed(at: now)) µs, \(stopwatch.laps.count) laps"
            if let label = stopwatch.latestLapLabel, !stopwatch.laps.isEmpty { text += " (the latest '\(label)')" }
            if case .countdown(let duration) = stopwatch.plan { text += ", of \(duration) µs" }
            if let position = stopwatch.position(at: now) {
                guard case .cycle(let cycle) = stopwatch.plan else { continue }
                text +=
                    ", phase \(position.index + 1) \(cycle.phase(position.index).label) \(max(0, position.length - position.inPhase)) µs left"
            }
            text +=
                ", from \(stopwatch.status == .initial ? "-" : stopwatch.startWall.map { "\($0)" } ?? "-"), away \(stopwatch.away(at: now)) µs \(stopwatch.effectiveAwayPolicy)"
            expected[key.name] = text
        }
        if shown != expected {
            let names = Set(shown.keys).union(expected.keys).sorted().filter { shown[$0] != expected[$0] }
            return .failure(
                ModelMismatch(
                    "\(machine.name) lists its stopwatches otherwise than the model: "
                        + names.map { "\($0): listed \(shown[$0] ?? "nothing"), model \(expected[$0] ?? "nothing")" }
                        .joined(separator: "; ")
                ))
        }
        if surfaces,
            case .failure(let mismatch) = checkLaps(machine, index: index, shadowedBy: foreign, simulation: simulation)
        {
            return .failure(mismatch)
        }
        guard surfaces else { return .success(()) }
        if case .failure(let mismatch) = checkStatus(machine, listed: listed) {
            return .failure(mismatch)
        }
        if case .failure(let mismatch) = checkHistoryCSV(machine, runs: simulation.runs(of: machine)) {
            return .failure(mismatch)
        }
        guard seen(by: index, in: simulation).count == entries.count else { return .success(()) }
        return checkHistory(machine, index: index, simulation: simulation, now: now)
    }

    private func checkHistory(
        _ machine: SimulatedMachine, index: Int, simulation: Simulation, now: ModelStopwatch.Reading
    ) -> Result<Void, ModelMismatch> {
        let listed = simulation.runs(of: machine)
        // The runs stopwatches hold are history's runs in progress; the rest ended.
        let held = Set(
            stopwatches(seenBy: index, files: simulation.machines[index].files, in: simulation).values.filter {
                $0.status != .initial
            }.compactMap(\.runID))
        let ended = listed.filter { run in
            guard let id = run["id"] as? String, !held.contains(id) else { return false }
            return run["machine"] is String
        }
        let got = ended.map(Self.summary).sorted()
        let model = runs(on: index, in: simulation).values.map(\.summary).sorted()
        if editedByHand {
            return .success(())
        } else if got != model {
            let extra = got.filter { !model.contains($0) }
            let lost = model.filter { !got.contains($0) }
            return .failure(
                ModelMismatch(
                    "\(machine.name)'s history differs from the model:\nonly in history: \(extra)\nonly in the model: \(lost)"
                ))
        }
        // Totals: every run ended and every run in progress, counted as report and today count.
        var inProgress: [ModelRun] = []
        for (key, stopwatch) in stopwatches where key.machine == index && stopwatch.status != .initial {
            var rebased = stopwatch
            rebased.rebase(at: now)
            if let run = Self.record(rebased, at: now, machine: nil) { inProgress.append(run) }
        }
        let all = Array(runs(on: index, in: simulation).values) + inProgress
        let report = simulation.json(machine.run(["report", "--json"]).output)
        let total = (report?["total"] as? [String: Any])?["elapsedMilliseconds"] as? Int ?? -1
        let expectedTotal = all.reduce(0) { $0 + Int($1.booked / 1000) }
        if abs(total - expectedTotal) > all.count {
            return .failure(
                ModelMismatch(
                    "\(machine.name)'s report totals \(total) ms, the model \(expectedTotal) ms over \(all.count) runs")
            )
        }
        let completed = (report?["total"] as? [String: Any])?["completed"] as? Int ?? -1
        let expectedCompleted = all.reduce(0) { $0 + $1.completed }
        if completed != expectedCompleted {
            return .failure(
                ModelMismatch("\(machine.name)'s report counts \(completed) pomodoros, the model \(expectedCompleted)"))
        }
        let today = simulation.json(machine.run(["today", "--json"]).output)?["today"] as? [String: Any]
        let todayTotal = today?["elapsedMilliseconds"] as? Int ?? -1
        let (dayStart, dayEnd) = localDay(containing: now.wall)
        var expectedToday: Int64 = 0
        // Each run's time spread evenly over its span; a moment two runs counted counted once:
        // each stretch between two bounds gives no more than itself, or one run's share of it.
        var spread: [(start: Int64, end: Int64, span: Int64, booked: Int64)] = []
        for run in all {
            let span = run.end - run.start
            if span > 0, min(run.end, dayEnd) > max(run.start, dayStart) {
                spread.append((max(run.start, dayStart), min(run.end, dayEnd), span, run.booked))
            } else if span <= 0, run.start >= dayStart, run.start < dayEnd {
                expectedToday += run.booked
            }
        }
        let bounds = Set(spread.flatMap { [$0.start, $0.end] }).sorted()
        for (from, to) in zip(bounds, bounds.dropFirst()) {
            let shares = spread.filter { $0.start <= from && $0.end >= to }.map {
                Int64(Int128($0.booked) * Int128(to - from) / Int128($0.span))
            }
            let sum = shares.reduce(0, +)
            expectedToday += shares.count > 1 ? min(sum, max(to - from, shares.max() ?? 0)) : sum
        }
        // Each run truncated to milliseconds, and what overlapped once more.
        if abs(Int64(todayTotal) - expectedToday / 1000) > Int64(all.count) + 1 {
            return .failure(
                ModelMismatch("\(machine.name)'s today is \(todayTotal) ms, the model \(expectedToday / 1000) ms"))
        }
        return .success(())
    }

    /// Every lap of each of machine `index`'s own stopwatches whose laps the model knows (the
    /// latest alone may be known of one read from a journal): `laps NAME --json` lists each with
    /// its label and total, in order.
    private func checkLaps(
        _ machine: SimulatedMachine, index: Int, shadowedBy foreign: Set<String>, simulation: Simulation
    ) -> Result<
        Void, ModelMismatch
    > {
        for (key, stopwatch) in stopwatches.sorted(by: { $0.key.name < $1.key.name })
        where key.machine == index && !foreign.contains(key.name) && !stopwatch.laps.isEmpty {
            guard let labels = stopwatch.lapLabels else { continue }
            let listed =
                (simulation.json(machine.run(["laps", key.name, "--json"]).output)?["laps"] as? [[String: Any]]) ?? []
            let shown = listed.map { lap in
                "\((lap["label"] as? String).map { "'\($0)' " } ?? "")\(lap["totalMicroseconds"] as? Int ?? -1) µs"
            }
            let expected = zip(labels, stopwatch.laps).map { label, total in
                "\(label.map { "'\($0)' " } ?? "")\(total) µs"
            }
            if shown != expected {
                return .failure(
                    ModelMismatch("\(machine.name)'s laps of '\(key.name)' are \(shown), the model's \(expected)"))
            }
        }
        return .success(())
    }

    /// The local day around `instant`: its first and last microsecond's end.
    func localDay(containing instant: Int64) -> (Int64, Int64) {
        let offset = zone.offset(at: .microseconds(instant)).components.seconds * 1_000_000
        let local = instant + offset
        let day: Int64 = 86_400_000_000
        let start = (local >= 0 ? local / day : (local - day + 1) / day) * day - offset
        return (start, start + day)
    }

    static func summary(_ run: [String: Any]) -> String {
        let imported = ImportedRun(historyRun: run)
        let plan = run["kind"] as? String ?? "?"
        let machine = run["machine"] as? String ?? "-"
        let booked = (run["elapsedMicroseconds"] as? Int).map { Int64($0) } ?? -1
        let over = Int64(run["overtimeMilliseconds"] as? Int ?? -1)
        var model = ModelRun(
            id: "", name: imported.name, machine: machine, start: imported.start, end: imported.end, booked: booked,
            overtime: over * 1000,
            laps: run["laps"] as? Int ?? -1, tags: imported.tags, plan: plan
        )
        model.estimated = run["estimated"] as? Bool ?? false
        model.away = Int64(run["awayMilliseconds"] as? Int ?? -1) * 1000
        model.awayPolicy = run["awayPolicy"] as? String ?? "?"
        // Read back as the model keeps them: what was decided, and what of it dropped.
        let undecided = Int64(run["awayUndecidedMilliseconds"] as? Int ?? -1) * 1000
        model.awayDropped = Int64(run["awayDroppedMilliseconds"] as? Int ?? -1) * 1000
        model.awayDecided = model.away - undecided
        // A cycle's phases: each phase's label, the time it ran, whether it ended.
        model.phases = (run["phases"] as? [[String: Any]] ?? []).map {
            ModelCycle.PhaseRun(
                label: $0["label"] as? String ?? "?", planned: 0,
                ran: Int64($0["actualMilliseconds"] as? Int ?? -1) * 1000, waited: 0,
                ended: $0["ended"] as? Bool ?? false)
        }
        model.phasesEnded = run["phasesEnded"] as? Int ?? -1
        return model.summary
    }

    /// After a command cut short by a power cut or a kill: what the machine reads is, file by
    /// file, the model before the command or after it (each stopwatch's journal, history), and
    /// the model takes whichever each is.
    func applyCut(
        _ arguments: [String], on index: Int, outcome: SimulatedMachine.Outcome, before: Simulation.Observation,
        filesBefore: [String: [UInt8]], simulation: Simulation
    ) -> Result<Void, ModelMismatch> {
        // What the command would have done, had it returned: tried on a copy of the model.
        let saved = (stopwatches, entries, plans, dayGoal)
        let full = SimulatedMachine.Outcome(status: 0, output: "", messages: "")
        _ = apply(
            arguments, on: index, outcome: full, imported: nil, before: before, filesBefore: filesBefore,
            simulation: simulation)
        let after = (stopwatches, entries, plans, dayGoal)
        let files = simulation.machines[index].files
        // A plan is saved once its cycle started: the cut may have come between.
        func plansWritten(_ made: [String: (cycle: ModelCycle, tags: [String])]) -> [String: (
            cycle: ModelCycle, tags: [String]
        )] {
            made.filter { name, _ in
                let path = "plans/\(name).plan"
                return files[path] != nil && (saved.2[name] == nil || files[path] != filesBefore[path])
            }.merging(saved.2.filter { name, _ in files["plans/\(name).plan"] == filesBefore["plans/\(name).plan"] }) {
                _, old in old
            }
        }
        // File by file: each stopwatch as its journal reads (the command's where the journal
        // reads otherwise than before, else as it was: an undo of a change to two stopwatches may
        // have written one), history as its file holds it. What the surfaces show may not tell
        // (a run's tags, a policy with no away time yet).
        let suffix = "@" + Self.machineID(machineNames[index]) + ".jsonl"
        func journalChanged(_ name: String) -> Bool {
            let path = name + suffix
            return filesBefore[path].flatMap { ModelStopwatch(journal: $0, owner: index) }
                != files[path].flatMap { ModelStopwatch(journal: $0, owner: index) }
        }
        var mixed = saved.0
        for key in Set(saved.0.keys).union(after.0.keys) where key.machine == index && journalChanged(key.name) {
            mixed[key] = after.0[key]
        }
        (stopwatches, entries, plans, dayGoal) = (mixed, after.1, plansWritten(after.2), after.3)
        if case .success = check(simulation.machines[index], index: index, simulation: simulation) {
            return .success(())
        }
        (stopwatches, entries, plans, dayGoal) = after
        if case .success = check(simulation.machines[index], index: index, simulation: simulation) {
            plans = plansWritten(plans)
            return .success(())
        }
        // The stopwatches as they were; the change to history made or not, as the file says (a
        // change appended before its stopwatch was written: the stopwatch holds its run still).
        (stopwatches, entries, plans, dayGoal) = saved
        entries = after.1
        plans = plansWritten(after.2)
        if case .success = check(simulation.machines[index], index: index, simulation: simulation) {
            return .success(())
        }
        (stopwatches, entries, plans, dayGoal) = after
        return check(simulation.machines[index], index: index, simulation: simulation).mapError {
            ModelMismatch(
                "after '\(SimulationStep.shellWords(["stopwatch"] + arguments))' was cut short, neither what was before nor what it makes: \($0.message)"
            )
        }
    }
}
