import Foundation

/// One command's application: what it reads and what it will commit if it succeeds.
struct ModelCommand {
    let model: ReferenceModel
    let index: Int
    let now: ModelStopwatch.Reading
    let line: ReferenceModel.Line
    let outcome: SimulatedMachine.Outcome
    let simulation: Simulation
    let before: Simulation.Observation
    /// The machine's files before the command.
    let filesBefore: [String: [UInt8]]
    /// What the model changes once the command succeeded.
    var commits: [() -> Void] = []
    /// The change to history it makes, if it succeeded.
    var entry: ModelEntry?

    init(
        model: ReferenceModel, index: Int, now: ModelStopwatch.Reading, line: ReferenceModel.Line,
        outcome: SimulatedMachine.Outcome,
        simulation: Simulation, before: Simulation.Observation, filesBefore: [String: [UInt8]]
    ) {
        self.model = model
        self.index = index
        self.now = now
        self.line = line
        self.outcome = outcome
        self.simulation = simulation
        self.before = before
        self.filesBefore = filesBefore
    }

    var machineName: String { model.machineNames[index] }

    /// The name a command acts on: its first word, else the command's default.
    var name: String {
        line.positionals.first
            ?? (["timer", "wait"].contains(line.command) ? "timer" : line.command == "cycle" ? "cycle" : "default")
    }

    /// This machine's stopwatch of `name`.
    func own(_ name: String) -> ModelStopwatch? {
        model.stopwatches[ModelKey(machine: index, name: name)]
    }

    /// Another machine's stopwatch of `name` in use that this machine lists (as of its last sync).
    func foreignShown(_ name: String) -> Bool {
        guard let object = simulation.json(before.stopwatches), let timers = object["timers"] as? [[String: Any]] else {
            return false
        }
        return timers.contains {
            ($0["name"] as? String) == name && $0["machine"] is String && ($0["status"] as? String) != "initial"
        }
    }

    /// Whether `name` means this machine's stopwatch: its own in use, or its own reset with no
    /// other machine's in use, or none at all with none in use.
    func meansOwn(_ name: String) -> Bool {
        if let own = own(name), own.status != .initial { return true }
        return !foreignShown(name)
    }

    mutating func commit(_ change: @escaping () -> Void) {
        commits.append(change)
    }

    /// Sets this machine's stopwatch `name` once the command succeeded (nil: removes it).
    mutating func set(_ name: String, _ state: ModelStopwatch?) {
        let (model, key) = (model, ModelKey(machine: index, name: name))
        commit { model.stopwatches[key] = state }
    }

    // MARK: - Durations

    /// A duration the simulation writes (`90s`, `5m`, `2h`, `-10m`, `+1m`), in microseconds.
    static func microseconds(_ text: String) -> Int64? {
        var text = Substring(text)
        var sign: Int64 = 1
        if text.hasPrefix("-") {
            sign = -1
            text = text.dropFirst()
        } else if text.hasPrefix("+") {
            text = text.dropFirst()
        }
        let units: [(String, Int64)] = [("ms", 1000), ("h", 3_600_000_000), ("m", 60_000_000), ("s", 1_000_000)]
        for (unit, size) in units where text.hasSuffix(unit) {
            guard let number = Int64(text.dropLast(unit.count)) else { return nil }
            return sign * number * size
        }
        return Int64(text).map { sign * $0 * 1_000_000 }
    }

    // MARK: - The run a change ends

    /// The record of `stopwatch`'s run as a change that ends it now keeps it; nil when it holds none.
    func record(_ stopwatch: ModelStopwatch) -> ModelRun? {
        ReferenceModel.record(stopwatch, at: now, machine: model.machineNames[stopwatch.owner])
    }

    /// Makes this command's change to history end `stopwatch`'s run (if it holds one), and set it
    /// to `after` (nil: removed): what `undo` puts back. `stopwatch` is as stored: its run is
    /// recorded with a reboot's estimate folded in, but put back as it was.
    mutating func ending(_ stopwatch: ModelStopwatch, leaving after: ModelStopwatch?) {
        var made = entry ?? ModelEntry(id: "", sequence: 0, madeOn: index, file: "", end: 0)
        var rebased = stopwatch
        rebased.rebase(at: now)
        if let run = record(rebased) { made.operations.append(.add(run)) }
        made.stopwatches.append((ModelKey(machine: stopwatch.owner, name: stopwatch.name), stopwatch, after))
        entry = made
    }

    // MARK: - Stopwatch commands

    /// `start`, `pause`, `resume`, `toggle`, `lap`, `reset`, `restart`, `next`, `dismiss`.
    mutating func change() -> ReferenceModel.Expectation {
        let name = name
        if line.command == "dismiss", line.positionals.isEmpty { return dismissAll() }
        if line.command == "toggle", line.flags.contains("--shown") { return toggleShown() }
        guard meansOwn(name) else {
            return .init(statuses: [1], why: "'\(name)' runs on another machine: it is changed there")
        }
        let stopwatch = own(name)
        let creates = ["start", "restart", "toggle"].contains(line.command)
        guard stopwatch != nil || creates else { return .init(statuses: [66], why: "there is no stopwatch '\(name)'") }
        var state = stopwatch ?? ModelStopwatch(name: name, owner: index, plan: .open)
        state.rebase(at: now)
        let expired = state.isExpired(at: now)
        switch line.command {
        case "start":
            guard state.status == .initial else {
                return .init(statuses: [1], why: "'\(name)' is \(state.status), not initial")
            }
            state.begin(at: now, tags: tags(line))
            if let policy = line.options["--away"] { state.awayPolicy = policy }
            guard let ago = line.options["--ago"].flatMap(Self.microseconds) else {
                set(name, state)
                return .init(statuses: [0], why: "start of an initial '\(name)'")
            }
            state.startWall = now.wall - ago
            if ago <= now.boot {
                // A start told counts no sleep in the stretch told.
                state.runningSince = ModelStopwatch.Reading(
                    wall: now.wall - ago, boot: now.boot - ago, session: now.session,
                    asleep: min(now.asleep, now.boot - ago))
            } else {
                state.accumulated = ago
                state.estimated = true
                state.countingSince = now.wall - ago
            }
            set(name, state)
            return .init(statuses: [0], why: "start --ago of an initial '\(name)'")
        case "pause" where state.status != .running, "resume" where state.status != .paused:
            return .init(statuses: [1], why: "'\(name)' is \(state.status)")
        case "pause" where state.status == .running, "toggle" where state.status == .running:
            // A pause while nobody is there (a script's) ends the stand first, as the stretch's end would.
            if state.standing { state.endStand(at: now) }
            guard !expired || line.options["--ago"] != nil else {
                return .init(statuses: [1], why: "'\(name)' has expired")
            }
            let ago = line.options["--ago"].flatMap(Self.microseconds) ?? 0
            let elapsed = state.elapsed(at: now)
            if ago > 0 {
                // No further back than its segment began (on the wall clock, before a reboot or a
                // start told as before this boot), nor than its latest lap.
                let measured = state.measured(at: now)
                let segment =
                    state.countingSince.map { max(measured, now.wall - $0) } ?? state.runningSince.map {
                        $0.session == now.session ? measured : max(0, now.wall - $0.wall)
                    } ?? 0
                // A stretch it never counted (`drop`) lies within reach as well.
                let counted = min(elapsed, elapsed - (state.laps.last ?? 0), elapsed - (state.anchors.last?.at ?? 0))
                let furthest = min(segment, state.reach(takingBack: counted, before: now.wall))
                guard ago <= furthest else {
                    return .init(statuses: [64], why: "'\(name)' cannot be paused \(ago) µs back (at most \(furthest))")
                }
            }
            let estimated = state.isEstimated(pausedAgo: ago, at: now)
            let end = state.end(at: now)
            state.pause(ago: ago, at: now)
            if ago > 0, let end, state.accumulated >= end {
                return .init(statuses: [1], why: "'\(name)' had expired then")
            }
            state.estimated = estimated
            set(name, state)
            return .init(statuses: [0], why: "pause of a running '\(name)'")
        case "resume" where state.status == .paused, "toggle" where state.status == .paused:
            state.status = .running
            state.runningSince = now
            state.pausedWall = nil
            set(name, state)
            return .init(statuses: [0], why: "resume of a paused '\(name)'")
        case "toggle" where expired:
            return .init(statuses: [1], why: "'\(name)' has expired: nothing pauses its overtime")
        case "toggle":
            // Initial: it starts.
            state.begin(at: now, tags: [])
            set(name, state)
            return .init(statuses: [0], why: "toggle of an initial '\(name)' starts it")
        case "lap":
            guard state.status == .running else {
                return .init(statuses: [1], why: "'\(name)' is \(state.status), not running")
            }
            state.laps.append(state.elapsed(at: now))
            state.latestLapLabel = line.options["--label"]
            state.lapLabels?.append(line.options["--label"])
            set(name, state)
            return .init(statuses: [0], why: "lap of a running '\(name)'")
        case "reset":
            guard let stopwatch, stopwatch.status != .initial else {
                // Reset again, as it was made: what `timer --add` changed of it is dropped.
                if let stopwatch { set(name, stopwatch.resetCopy()) }
                return .init(statuses: [0], why: "a reset stopwatch stays so")
            }
            ending(stopwatch, leaving: stopwatch.resetCopy())
            set(name, stopwatch.resetCopy())
            return .init(statuses: [0], why: "reset of '\(name)'")
        case "restart":
            var fresh = (stopwatch ?? state).resetCopy()
            fresh.begin(at: now, tags: tags(line))
            if let stopwatch, stopwatch.status != .initial { ending(stopwatch, leaving: fresh) }
            set(name, fresh)
            return .init(statuses: [0], why: "restart of '\(name)'")
        case "next":
            guard case .cycle(let cycle) = state.plan else {
                return .init(statuses: [1], why: "'\(name)' is not a cycle")
            }
            guard state.status != .initial, let position = state.position(at: now), !position.finished else {
                return .init(statuses: [1], why: "'\(name)' has no phase to end")
            }
            let elapsed = state.elapsed(at: now)
            state.anchors.append(ModelStopwatch.Anchor(index: position.index + 1, at: elapsed, extra: 0))
            _ = cycle
            set(name, state)
            return .init(statuses: [0], why: "next of a cycle in a phase")
        case "dismiss":
            guard expired, let stopwatch else { return .init(statuses: [1], why: "'\(name)' has not expired") }
            ending(stopwatch, leaving: stopwatch.resetCopy())
            set(name, stopwatch.resetCopy())
            return .init(statuses: [0], why: "dismiss of an expired '\(name)'")
        default:
            return .init(statuses: [1], why: "\(line.command) does not apply to '\(name)', \(state.status)")
        }
    }

    func tags(_ line: ReferenceModel.Line) -> [String] {
        guard let text = line.options["--tag"], !text.isEmpty else { return [] }
        return Array(Set(text.split(separator: ",").map(String.init))).sorted()
    }

    /// `dismiss` alone: every expired countdown of this machine's, each its own change.
    mutating func dismissAll() -> ReferenceModel.Expectation {
        let expired = model.stopwatches.values.filter { $0.owner == index && $0.isExpired(at: now) }
        guard !expired.isEmpty else { return .init(statuses: [0, 1], why: "nothing has expired") }
        for stopwatch in expired {
            ending(stopwatch, leaving: stopwatch.resetCopy())
            set(stopwatch.name, stopwatch.resetCopy())
        }
        return .init(statuses: [0], why: "dismiss of every expired one")
    }

    // MARK: - Countdowns and cycles

    /// `timer DURATION NAME [--force]`.
    mutating func createCountdown() -> ReferenceModel.Expectation {
        let name = line.positionals.count > 1 ? line.positionals[1] : "timer"
        guard let duration = line.positionals.first.flatMap(Self.microseconds) else {
            return .init(statuses: [64], why: "a duration comes first")
        }
        return create(name, plan: .countdown(duration), tags: tags(line))
    }

    /// `cycle NAME [LABEL=DURATION…] [--rounds N] [--wait-before LABEL] [--plan PLAN] [--save PLAN] [--force]`.
    mutating func createCycle() -> ReferenceModel.Expectation {
        let name = line.positionals.first(where: { !$0.contains("=") }) ?? "cycle"
        var cycle = ModelCycle.pomodoro
        var tags = tags(line)
        if let plan = line.options["--plan"] {
            guard let saved = model.plan(plan, among: filesBefore) else {
                return .init(statuses: [64], why: "there is no plan '\(plan)' here")
            }
            cycle = saved.cycle
            if line.options["--tag"] == nil { tags = saved.tags }
            if let rounds = line.options["--rounds"].flatMap(Int.init) { cycle.rounds = rounds }
        } else {
            let phases = line.positionals.filter { $0.contains("=") }.compactMap { word -> (String, Int64)? in
                let parts = word.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let duration = Self.microseconds(String(parts[1])) else { return nil }
                return (String(parts[0]), duration)
            }
            if !phases.isEmpty { cycle = ModelCycle(phases: phases, longEvery: 1) }
            cycle.rounds = line.options["--rounds"].flatMap(Int.init)
            if let labels = line.options["--wait-before"] {
                cycle.waitsBefore = Set(labels.split(separator: ",").map(String.init))
            }
        }
        if let plan = line.options["--save"] {
            guard model.plan(plan, among: filesBefore) == nil || line.flags.contains("--force") else {
                return .init(statuses: [64], why: "plan '\(plan)' is saved already")
            }
        }
        let expectation = create(name, plan: .cycle(cycle), tags: tags)
        if let plan = line.options["--save"] {
            let (model, saved, machine) = (model, (cycle, tags), simulation.machines[index])
            commit {
                model.plans[plan] = saved
                if let bytes = machine.files["plans/\(plan).plan"] { model.savedPlans[bytes] = saved }
            }
        }
        return expectation
    }

    /// A new countdown or cycle `name` running from now: in place of one of its kind that ended
    /// or was reset, of anything with `--force`.
    mutating func create(_ name: String, plan: ModelStopwatch.Plan, tags: [String]) -> ReferenceModel.Expectation {
        guard meansOwn(name) else {
            return line.flags.contains("--force")
                ? .init(statuses: [1], why: "'\(name)' runs on another machine")
                : .init(statuses: [1], why: "'\(name)' is in use on another machine")
        }
        var fresh = ModelStopwatch(name: name, owner: index, plan: plan)
        fresh.awayPolicy = line.options["--away"]
        fresh.begin(at: now, tags: tags)
        if let stored = own(name) {
            let sameKind = stored.plan.word == plan.word
            if !line.flags.contains("--force"), !sameKind || (stored.status != .initial && !stored.isExpired(at: now)) {
                return .init(statuses: [1], why: "'\(name)' is a \(stored.plan.word) in use")
            }
            if stored.status != .initial { ending(stored, leaving: fresh) }
        }
        set(name, fresh)
        return .init(statuses: [0], why: "a new \(plan.word) '\(name)'")
    }

    /// `timer NAME --add ±DURATION`: the countdown's duration, or the cycle's phase, longer or
    /// shorter by as much, never below what it ran; an expired countdown given more, that much
    /// from now.
    mutating func addTime() -> ReferenceModel.Expectation {
        let name = name
        guard let change = line.options["--add"].flatMap(Self.microseconds) else {
            return .init(statuses: [64], why: "a duration to add")
        }
        guard meansOwn(name) else { return .init(statuses: [1], why: "'\(name)' runs on another machine") }
        guard var state = own(name) else { return .init(statuses: [66], why: "there is no countdown '\(name)'") }
        state.rebase(at: now)
        let elapsed = state.elapsed(at: now)
        switch state.plan {
        case .open:
            return .init(statuses: [1], why: "'\(name)' is a stopwatch")
        case .countdown(let duration) where state.status != .initial && elapsed >= duration && change > 0:
            // Expired: more time counts from now, as the guide says of "+5 min".
            state.plan = .countdown(elapsed + change)
        case .countdown(let duration):
            state.plan = .countdown(max(min(duration, max(elapsed, 0)), duration + change))
        case .cycle(let cycle):
            let position = cycle.position(
                elapsed: elapsed, from: state.anchors.last ?? .init(index: 0, at: 0, extra: 0))
            guard !position.finished else { return .init(statuses: [1], why: "'\(name)' has ended") }
            let spent = position.inPhase + position.overtime
            let planned = cycle.phase(position.index).duration
            let extra = max(min(position.length, spent), position.length + change) - planned
            if let last = state.anchors.last, last.index == position.index {
                state.anchors[state.anchors.count - 1].extra = extra
            } else {
                state.anchors.append(ModelStopwatch.Anchor(index: position.index, at: elapsed - spent, extra: extra))
            }
        }
        set(name, state)
        return .init(statuses: [0], why: "more or less time for '\(name)'")
    }

    // MARK: - Deleting

    /// `delete NAME…`: each the one its name means, all or none, their runs kept.
    mutating func delete() -> ReferenceModel.Expectation {
        var found: [ModelStopwatch] = []
        for name in line.positionals {
            if meansOwn(name), let stopwatch = own(name) {
                found.append(stopwatch)
            } else if let other = model.stopwatches(seenBy: index, files: filesBefore, in: simulation).values.filter({
                $0.name == name && $0.owner != index && $0.status != .initial
            }).min(by: { journalOrder($0) < journalOrder($1) }), foreignShown(name) {
                // As this machine last saw it: the journal synced here; of several, the first
                // journal by its file's name (the machine's id).
                found.append(other)
            } else {
                return .init(statuses: [66], why: "there is no stopwatch '\(name)' here")
            }
        }
        for stopwatch in found {
            if stopwatch.owner == index {
                ending(stopwatch, leaving: nil)
            } else {
                // Another machine's, as this machine last saw it (its journal as synced): its run
                // recorded as that machine's, read on this machine's clocks.
                var made = entry ?? ModelEntry(id: "", sequence: 0, madeOn: index, file: "", end: 0)
                var rebased = stopwatch
                rebased.rebase(at: now)
                if var run = record(rebased) {
                    run.id = stopwatch.runID ?? ""
                    made.operations.append(.add(run))
                }
                made.stopwatches.append((ModelKey(machine: stopwatch.owner, name: stopwatch.name), stopwatch, nil))
                entry = made
            }
            // Another machine's goes there when the engine carries its journal's removal.
            guard stopwatch.owner == index else { continue }
            let (model, key) = (model, ModelKey(machine: stopwatch.owner, name: stopwatch.name))
            commit { model.stopwatches[key] = nil }
        }
        return .init(statuses: [0], why: "delete of stopwatches that exist")
    }

    // MARK: - Goals

    mutating func goal() -> ReferenceModel.Expectation {
        if line.flags.contains("--clear") {
            let model = model
            commit { model.dayGoal = nil }
            return .init(statuses: [0], why: "a goal cleared")
        }
        guard let time = line.positionals.first.flatMap(Self.microseconds) else {
            return .init(statuses: [0, 64], why: "a goal")
        }
        let model = model
        commit { model.dayGoal = time }
        return .init(statuses: [0], why: "a goal of \(time) µs")
    }
}
