import Foundation

extension ModelStopwatch {
    /// The state a journal's last line holds (docs/state-format.md, "The state object"): what
    /// the model takes in where the README leaves the outcome to facts it does not hold (which
    /// stopwatch another machine's change reached first).
    init?(journal bytes: [UInt8], owner: Int) {
        let lines = bytes.split(separator: UInt8(ascii: "\n"))
        for line in lines.reversed() {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any],
                let state = object["state"] as? [String: Any]
            else {
                continue
            }
            self.init(state: state, owner: owner)
            return
        }
        return nil
    }

    init?(state: [String: Any], owner: Int) {
        guard let name = state["name"] as? String,
            let status = (state["status"] as? String).flatMap(Status.init(rawValue:))
        else { return nil }
        var plan = Plan.open
        if let countdown = state["countdownMicroseconds"] as? Int {
            plan = .countdown(Int64(countdown))
        } else if let sequence = state["sequence"] as? [String: Any] {
            let phases = (sequence["phases"] as? [[String: Any]] ?? []).map {
                ($0["label"] as? String ?? "", Int64($0["microseconds"] as? Int ?? 0))
            }
            let long = (sequence["long"] as? [String: Any]).map {
                ($0["label"] as? String ?? "", Int64($0["microseconds"] as? Int ?? 0))
            }
            plan = .cycle(
                ModelCycle(
                    phases: phases, long: long, longEvery: sequence["longEvery"] as? Int ?? 1,
                    rounds: sequence["rounds"] as? Int,
                    waitsBefore: Set(sequence["waitsBefore"] as? [String] ?? [])
                )
            )
        }
        self.init(name: name, owner: owner, plan: plan)
        self.status = status
        accumulated = Int64(state["accumulatedMicroseconds"] as? Int ?? 0)
        if let since = state["runningSince"] as? [String: Any] {
            let boot = Int64(since["bootMicroseconds"] as? Int ?? 0)
            runningSince = Reading(
                wall: Int64(since["wallMicroseconds"] as? Int ?? 0), boot: boot,
                session: since["bootSession"] as? String ?? "",
                asleep: min(boot, Int64(since["asleepMicroseconds"] as? Int ?? Int(boot)))
            )
        }
        estimated = state["estimated"] as? Bool ?? false
        // Standing while nobody is there: the stand began at `runningSince`.
        standing = state["awayStand"] is String
        let laps = state["laps"] as? [String: Any]
        let count = laps?["count"] as? Int ?? 0
        let latest = Int64((laps?["latest"] as? [String: Any])?["totalMicroseconds"] as? Int ?? 0)
        latestLapLabel = (laps?["latest"] as? [String: Any])?["label"] as? String
        self.laps = count > 0 ? Array(repeating: 0, count: count - 1) + [latest] : []
        // A journal's state line names its latest lap alone: those before are unknown here.
        lapLabels = count > 1 ? nil : count == 1 ? [latestLapLabel] : []
        tags = (state["tags"] as? String).map { $0.split(separator: ",").map(String.init) } ?? []
        startWall = (state["startedAt"] as? String).flatMap(ImportedRun.microseconds(iso:))
        pausedWall = (state["pausedAt"] as? String).flatMap(ImportedRun.microseconds(iso:))
        countingSince = (state["countingSince"] as? String).flatMap(ImportedRun.microseconds(iso:))
        func anchor(_ object: [String: Any]) -> Anchor {
            Anchor(
                index: object["index"] as? Int ?? 0, at: Int64(object["atMicroseconds"] as? Int ?? 0),
                extra: Int64(object["extraMicroseconds"] as? Int ?? 0))
        }
        anchors =
            (state["earlierPhaseAnchors"] as? [[String: Any]] ?? []).map(anchor)
            + ((state["phaseAnchor"] as? [String: Any]).map { [anchor($0)] } ?? [])
        runID = state["runID"] as? String
        away = Int64(state["awayMicroseconds"] as? Int ?? 0)
        awayPolicy = state["awayPolicy"] as? String
        awayDecided = Int64(state["awayDecidedMicroseconds"] as? Int ?? 0)
        awayDropped = Int64(state["awayDroppedMicroseconds"] as? Int ?? 0)
        lastAway = (state["lastAway"] as? [String: Any]).map {
            Stretch(
                from: Int64($0["fromMicroseconds"] as? Int ?? 0), to: Int64($0["toMicroseconds"] as? Int ?? 0),
                length: Int64($0["lengthMicroseconds"] as? Int ?? 0))
        }
    }
}

extension ReferenceModel {
    /// The 16 hex digits a machine's files are named by (docs/state-format.md: FNV-1a, 64 bits,
    /// of what names the machine).
    static func machineID(_ name: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array("stopwatch machine\n".utf8) + Array(name.utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The stopwatches machine `index` reads: its own as the model holds them, and each other
    /// machine's as its journal last synced here says (a machine knows another's only from the
    /// journal that reached it: a change made there since is not seen here yet), among `files`.
    func stopwatches(seenBy index: Int, files: [String: [UInt8]], in simulation: Simulation)
        -> [ModelKey: ModelStopwatch]
    {
        var seen = stopwatches.filter { $0.key.machine == index }
        for (owner, machine) in machineNames.enumerated() where owner != index {
            let suffix = "@" + Self.machineID(machine) + ".jsonl"
            for (path, bytes) in files where !path.contains("/") && path.hasSuffix(suffix) {
                guard var stopwatch = ModelStopwatch(journal: bytes, owner: owner) else { continue }
                let key = ModelKey(machine: owner, name: stopwatch.name)
                // The journal as its machine has it now: the model's own account, whole.
                if simulation.machines[owner].files[path] == bytes, let known = stopwatches[key] {
                    seen[key] = known
                    continue
                }
                // Laps the model knows are kept where the journal has as many.
                stopwatch.keepLaps(of: stopwatches[key])
                seen[key] = stopwatch
            }
        }
        return seen
    }

    /// Takes in what a sync did to machine `index`'s own stopwatches, its files `before` it: a
    /// journal another machine took off (`delete` of a stopwatch shown there) goes, and one put
    /// back there (`undo`) comes, as the engine carried them.
    func synced(_ index: Int, from before: [String: [UInt8]], simulation: Simulation) {
        let suffix = "@" + Self.machineID(machineNames[index]) + ".jsonl"
        let after = simulation.machines[index].files
        for path in Set(before.keys).union(after.keys)
        where !path.contains("/") && path.hasSuffix(suffix) && before[path] != after[path] {
            guard let bytes = after[path] else {
                let name = String(path.dropLast(suffix.count))
                stopwatches = stopwatches.filter { !($0.key.machine == index && $0.value.name == name) }
                continue
            }
            guard var stopwatch = ModelStopwatch(journal: bytes, owner: index) else { continue }
            let key = ModelKey(machine: index, name: stopwatch.name)
            stopwatch.keepLaps(of: stopwatches[key])
            stopwatches[key] = stopwatch
        }
    }

    /// Takes in machine `index`'s own stopwatches as its journals hold them.
    func adopt(_ index: Int, simulation: Simulation) {
        let suffix = "@" + Self.machineID(machineNames[index]) + ".jsonl"
        var found: Set<String> = []
        for (path, bytes) in simulation.machines[index].files where !path.contains("/") && path.hasSuffix(suffix) {
            guard var stopwatch = ModelStopwatch(journal: bytes, owner: index) else { continue }
            let key = ModelKey(machine: index, name: stopwatch.name)
            // Laps the model knows are kept where the journal has as many.
            stopwatch.keepLaps(of: stopwatches[key])
            stopwatches[key] = stopwatch
            found.insert(stopwatch.name)
        }
        for key in stopwatches.keys where key.machine == index && !found.contains(key.name) { stopwatches[key] = nil }
    }
}
