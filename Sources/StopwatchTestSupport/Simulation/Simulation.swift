import Foundation
import StopwatchCore
import StopwatchPlatform

/// A deterministic simulation of the tool on one to three machines that share a state directory
/// through a sync engine: each step is a command, time passing, a fault or the engine at work
/// (`SimulationStep`), performed on the real command line, use cases and file adapters over
/// simulated disks and clocks, and checked after it against what the README promises and
/// against a reference model of the tool (`ReferenceModel`).
///
/// In the spirit of FoundationDB's simulation and TigerBeetle's VOPR: the same seed gives the
/// same steps and the same outcome, so a failure replays, and `SimulationShrinker` cuts it down
/// to the fewest steps that still fail.
public final class Simulation {
    public let machines: [SimulatedMachine]
    public private(set) var sync: SimulatedSync
    public let model: ReferenceModel
    /// What was done so far, for a failure's report.
    public internal(set) var transcript: [String] = []
    /// How many steps have been performed.
    public private(set) var performed = 0
    /// Lines of history edited by hand, by machine and file: each must stay in its file.
    var editedLines: [(machine: Int, file: String, line: [UInt8], at: Int)] = []
    /// The stretches nobody is at a machine that `awayBegins` opened, by machine: where each
    /// began, and why.
    var openStretches: [Int: (start: TimeReading, cause: AwayCause)] = [:]
    /// The away watcher's notifications awaiting an answer, by machine, oldest first, and when the
    /// last was sent (the watcher listens for an hour after it).
    var notices: [Int: (sent: TimeReading, awaiting: [AwayNotice])] = [:]
    let zone: ManualTimeZone
    let seed: UInt64
    /// Where the files `import` reads are written.
    let scratch: String

    /// Monday 2026-11-23 08:00 UTC: where every simulation starts.
    public static let start = Duration.seconds(1_795_420_800)
    /// How far each machine's wall clock is off: hours apart.
    static let clockOffsets: [Duration] = [.zero, .seconds(-5 * 3600), .seconds(2 * 3600 + 17)]

    public init(machines count: Int, seed: UInt64) {
        self.seed = seed
        let zone = ManualTimeZone(offset: .seconds(3600))
        self.zone = zone
        machines = (0..<count).map { index in
            SimulatedMachine(
                name: SimulationStep.machineName(index),
                wall: Self.start + Self.clockOffsets[index % Self.clockOffsets.count], zone: zone,
                seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index + 1),
                // One machine keeps a snapshot of history from its first change: long histories are read so.
                snapshotSize: index == 1 ? 0 : 1 << 20
            )
        }
        sync = SimulatedSync(machines: count)
        model = ReferenceModel(machines: machines.map(\.name), zone: zone)
        var template = Array((NSTemporaryDirectory() + "/stopwatch-simulation.XXXXXX").utf8CString)
        scratch = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// Performs `step` and checks everything it may have changed; throws the first thing wrong.
    public func perform(_ step: SimulationStep) throws(SimulationFailure) {
        performed += 1
        switch step {
        case .command(let machine, let arguments):
            guard let arguments = resolve(arguments, on: machine) else {
                transcript.append("(skipped, no run to name) \(step)")
                return
            }
            try command(arguments, on: machine, step: step)
        case .together(let machine, let commands, let interleaving):
            try together(commands, on: machine, seed: interleaving, step: step)
        case .wait(let duration):
            transcript.append(step.description)
            for machine in machines { machine.clock.advance(by: duration) }
        case .suspend(let suspended, let duration):
            // The machine sleeps (its runs tell it as away time; a cycle stands still); the
            // others' time passes.
            transcript.append(step.description)
            for (index, machine) in machines.enumerated() {
                if index == suspended {
                    machine.clock.suspend(for: duration)
                } else {
                    machine.clock.advance(by: duration)
                }
            }
        case .away(let index, let idle, let duration, let asleep):
            transcript.append(step.description)
            let start = machines[index].clock.now()
            // Nobody there already: the time passes within the stretch open.
            let nested = openStretches[index] != nil
            if !nested { try watcherHears(idle ? .idle : .lock, on: index, step: step) }
            let awake = duration - asleep
            for (other, machine) in machines.enumerated() {
                guard other == index else {
                    machine.clock.advance(by: duration)
                    continue
                }
                machine.clock.advance(by: awake / 2)
                if asleep > .zero { machine.clock.suspend(for: asleep) }
                machine.clock.advance(by: awake - awake / 2)
            }
            if !nested { try watcherBooks(idle ? .idle : .lock, since: start, on: index, step: step) }
        case .awayBegins(let index, let idle):
            transcript.append(step.description)
            guard openStretches[index] == nil else { return }
            let cause: AwayCause = idle ? .idle : .lock
            openStretches[index] = (machines[index].clock.now(), cause)
            try watcherHears(cause, on: index, step: step)
        case .awayEnds(let index):
            transcript.append(step.description)
            guard let (start, cause) = openStretches.removeValue(forKey: index) else { return }
            try watcherBooks(cause, since: start, on: index, step: step)
        case .shiftWallClock(let machine, let offset):
            transcript.append(step.description)
            machines[machine].clock.shiftWallClock(by: offset)
        case .reboot(let machine, let downtime):
            transcript.append(step.description)
            // Somebody reboots it: back first, the stretch booked by the watcher before it goes.
            try closeStretch(on: machine, step: step)
            reboot(machine, downtime: downtime)
        case .cut(let machine, let arguments, let operations, let killed, let cutSeed):
            guard let arguments = resolve(arguments, on: machine) else { return }
            // A power cut ends the watcher with the machine: somebody is there first, the stretch booked.
            if !killed { try closeStretch(on: machine, step: step) }
            try cut(arguments, on: machine, after: operations, killedOnly: killed, seed: cutSeed, step: step)
        case .upload(let machine, let syncSeed):
            transcript.append(step.description)
            var random = SplitMix64(seed: syncSeed)
            sync.upload(machines[machine], index: machine) { _ in random.next() % 3 != 0 }
            try checkReadable(machine, after: step)
        case .download(let machine, let syncSeed):
            transcript.append(step.description)
            var random = SplitMix64(seed: syncSeed)
            let before = machines[machine].files
            sync.download(
                machines[machine], index: machine, choose: { _ in random.next() % 3 != 0 },
                tear: { _ in random.next() % 4 == 0 ? Double(random.next() % 1000) / 1000 : nil })
            model.synced(machine, from: before, simulation: self)
            try checkReadable(machine, after: step)
        case .settle:
            transcript.append(step.description)
            let before = machines.map(\.files)
            sync.settle(machines)
            for index in machines.indices { model.synced(index, from: before[index], simulation: self) }
            try checkSettled(after: step)
        case .roundTrip(let machine, let watson):
            transcript.append(step.description)
            try roundTrip(machine, watson: watson, step: step)
        case .importRuns(let machine, let runs, let watson):
            let path = scratch + "/runs-\(performed).json"
            _ = FileManager.default.createFile(
                atPath: path, contents: Data(ImportedRun.file(runs, watson: watson).utf8))
            try command(["import", path], on: machine, step: step, imported: runs)
        case .editHistoryByHand(let machine, let editSeed):
            transcript.append(step.description)
            try editHistory(machine, seed: editSeed, step: step)
        case .answer(let index, let name, let key):
            transcript.append(step.description)
            try answer(key, about: name, on: index, step: step)
        case .keys(let index, let name, let keys):
            transcript.append(step.description)
            // Keys pressed: somebody is there, the stretch booked first.
            try closeStretch(on: index, step: step)
            try press(keys, in: name, on: index, step: step)
        }
    }

    // MARK: - Commands

    /// `arguments` with each placeholder put as what it stands for on `machine` now: `@run:K` the
    /// id of the Kth run `history --json` lists (newest first, those in progress among them),
    /// `@ended:K` of the Kth that ended, `@mid:K` the middle of that one, `@ago:S` the instant S
    /// seconds before the machine's clock; nil when there is no run to name.
    func resolve(_ arguments: [String], on machine: Int) -> [String]? {
        guard arguments.contains(where: { $0.hasPrefix("@") }) else { return arguments }
        let listed = runs(on: machine)
        // A run that ended was recorded by a machine; one in progress here has none.
        let ended = listed.filter {
            $0["machine"] is String && ($0["status"] as? String).map { ["ended", "expired"].contains($0) } ?? false
        }
        var resolved: [String] = []
        for word in arguments {
            guard word.hasPrefix("@"), let colon = word.firstIndex(of: ":"),
                let number = Int(word[word.index(after: colon)...])
            else {
                resolved.append(word)
                continue
            }
            switch word[..<colon] {
            case "@run":
                guard !listed.isEmpty, let id = listed[number % listed.count]["id"] as? String else { return nil }
                resolved.append(id)
            case "@ended":
                guard !ended.isEmpty, let id = ended[number % ended.count]["id"] as? String else { return nil }
                resolved.append(id)
            case "@mid":
                guard !ended.isEmpty else { return nil }
                let run = ImportedRun(historyRun: ended[number % ended.count])
                resolved.append(ImportedRun.iso(run.start + (run.end - run.start) / 2))
            case "@ago":
                resolved.append(
                    ImportedRun.iso(machines[machine].clock.now().wall.wholeMicroseconds - Int64(number) * 1_000_000))
            default:
                resolved.append(word)
            }
        }
        return resolved
    }

    /// Runs a command and checks what the README promises of any command: its exit status one it
    /// documents; a refusal one line on stderr, which changed nothing and whose suggested command
    /// works when pasted; an undo of what it changed in history restores what was there; and the
    /// model agrees.
    func command(_ arguments: [String], on index: Int, step: SimulationStep, imported: [ImportedRun]? = nil)
        throws(SimulationFailure)
    {
        let machine = machines[index]
        let filesBefore = machine.files
        let before = Self.contents(filesBefore)
        // History only where an undo right after must give it back.
        let observedBefore = observe(index, history: ReferenceModel.changesHistory(arguments))
        let outcome = machine.run(arguments)
        record(arguments, on: index, outcome)
        let after = Self.contents(machine.files)
        try checkStatus(outcome, of: arguments, step: step)
        if outcome.status != 0 {
            try check(before == after, step, "a command that failed changed files: \(Self.difference(before, after))")
            try checkSuggestions(in: outcome.messages, on: index, step: step)
        }
        try model.apply(
            arguments, on: index, outcome: outcome, imported: imported, before: observedBefore,
            filesBefore: filesBefore, simulation: self
        )
        .mapError { SimulationFailure(step: performed, message: $0.message) }.get()
        if outcome.status == 0, !["undo", "redo"].contains(arguments.first),
            Self.historyGrew(filesBefore, machine.files)
        {
            try checkUndoRestores(index, before: observedBefore, after: observe(index), step: step)
        }
        // Every surface after a change to history, and every third step; the stopwatches always.
        try checkAgainstModel(
            index, step: step, surfaces: performed % 3 == 0 || Self.historyGrew(filesBefore, machine.files))
        try checkEditedLinesKept(step: step)
    }

    func record(_ arguments: [String], on machine: Int, _ outcome: SimulatedMachine.Outcome) {
        var line = SimulationStep.command(machine: machine, arguments).description + "  # exit \(outcome.status)"
        if !outcome.messages.isEmpty { line += ": " + outcome.messages.trimmingCharacters(in: .newlines) }
        transcript.append(line)
    }

    /// Statuses the tool documents for what a simulation does: never a state file it cannot read
    /// (65), a bug (70), a directory it cannot make (73) or an I/O error (74).
    func checkStatus(_ outcome: SimulatedMachine.Outcome, of arguments: [String], step: SimulationStep)
        throws(SimulationFailure)
    {
        let allowed: Set<Int32> = [0, 1, 33, 64, 66]
        try check(
            allowed.contains(outcome.status), step,
            "exit \(outcome.status): \(outcome.messages.trimmingCharacters(in: .newlines))")
        // 33 is no refusal: i3blocks' urgent, said on standard output.
        if outcome.status != 0, outcome.status != 33 || !arguments.contains("i3blocks") {
            let lines = outcome.messages.split(separator: "\n", omittingEmptySubsequences: false)
            try check(
                lines.count == 2 && lines[1].isEmpty && lines[0].hasPrefix("stopwatch: "), step,
                "a refusal is one line on stderr, got: \(outcome.messages.debugDescription)"
            )
        }
    }

    /// Each command a message offers (`'stopwatch …'`), run on a copy of the machine: it must not
    /// be refused (a command that is offered works when pasted).
    func checkSuggestions(in message: String, on index: Int, step: SimulationStep) throws(SimulationFailure) {
        for suggestion in Self.suggestedCommands(in: message) {
            let copy = fork(index)
            let outcome = copy.run(suggestion)
            try check(
                outcome.status == 0, step,
                "the command offered, '\(SimulationStep.shellWords(["stopwatch"] + suggestion))', exits \(outcome.status) when pasted: \(outcome.messages.trimmingCharacters(in: .newlines))"
            )
        }
    }

    /// The commands in single quotes after `stopwatch ` in a message, as words.
    static func suggestedCommands(in message: String) -> [[String]] {
        var commands: [[String]] = []
        var rest = Substring(message)
        while let range = rest.range(of: "'stopwatch ") {
            // To the quote that closes it: one followed by no letter (a word's own `'\''` aside).
            var end = range.upperBound
            var text = ""
            while end < rest.endIndex {
                if rest[end...].hasPrefix("'\\''") {
                    text += "'"
                    end = rest.index(end, offsetBy: 4)
                    continue
                }
                if rest[end] == "'" { break }
                text.append(rest[end])
                end = rest.index(after: end)
            }
            commands.append(PlanFileStore.words(of: text))
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
        }
        return commands
    }

    /// A machine of its own with a copy of `index`'s files and its clocks as they are now.
    func fork(_ index: Int) -> SimulatedMachine {
        let original = machines[index]
        let copy = SimulatedMachine(copying: original)
        return copy
    }

    /// Keys in the live view: each does what its command does (space `toggle`, `l` `lap`, a
    /// second `r` `reset`, `n` `next`, `+` and `-` `timer --add` of 10 s, `k` and `d`
    /// `edit NAME --away keep|drop` for a run that asks), checked as that
    /// command is, against the model.
    func press(_ keys: String, in name: String, on index: Int, step: SimulationStep) throws(SimulationFailure) {
        let machine = machines[index]
        let filesBefore = machine.files
        let observedBefore = observe(index, history: false)
        let outcomes = machine.press(keys, in: name)
        var asked = false
        for (key, outcome) in zip(keys, outcomes) {
            let command: [String]
            switch key {
            case " ": command = ["toggle", name]
            case "l": command = ["lap", name]
            case "n": command = ["next", name]
            case "+": command = ["timer", name, "--add", "10s"]
            case "-": command = ["timer", name, "--add", "-10s"]
            case "k", "d":
                // Offered only for a run that asks: else a hint, and nothing changes.
                guard outcome.output != "hint" else {
                    try check(
                        !model.offersDecision(name, on: index, at: ReferenceModel.reading(machine)), step,
                        "key '\(key)' in 'watch \(name)' was not offered, but its run asks what its away time is")
                    continue
                }
                command = ["edit", name, "--away", key == "k" ? "keep" : "drop"]
            case "r" where !asked:
                // The first `r` asks for a second: nothing changes, unless there is nothing to clear.
                asked = outcome.output == "hint"
                if asked { continue }
                command = ["reset", name]
            default: command = ["reset", name]
            }
            if key == "r" { asked = false }
            try check(
                outcome.status == 0 || outcome.messages.split(separator: "\n").count == 1, step,
                "key '\(key)' refused with other than one line: \(outcome.messages.debugDescription)"
            )
            try checkStatus(outcome, of: command, step: step)
            // The ids of runs begun are read once every key was taken: read between, they are
            // those of the runs the last keys began.
            try model.apply(
                command, on: index, outcome: outcome, imported: nil, before: observedBefore, filesBefore: filesBefore,
                simulation: self, learningIDs: false
            )
            .mapError { SimulationFailure(step: performed, message: "key '\(key)' in 'watch \(name)': \($0.message)") }
            .get()
        }
        model.learnRunIDs(on: index, simulation: self)
        try checkAgainstModel(index, step: step)
    }

    // MARK: - Faults

    func reboot(_ index: Int, downtime: Duration) {
        // The watcher and the notifications it awaits an answer to go with the session.
        notices[index] = nil
        for (other, machine) in machines.enumerated() where other != index { machine.clock.advance(by: downtime) }
        machines[index].clock.reboot(after: downtime)
    }

    func cut(
        _ arguments: [String], on index: Int, after operations: Int, killedOnly: Bool, seed: UInt64,
        step: SimulationStep
    ) throws(SimulationFailure) {
        let machine = machines[index]
        let observedBefore = observe(index)
        let filesBefore = machine.files
        let outcome = machine.run(
            arguments, cuttingPowerAfter: machine.diskOperations + operations, killedOnly: killedOnly, seed: seed)
        record(arguments, on: index, outcome)
        try checkReadable(index, after: step)
        try model.applyCut(
            arguments, on: index, outcome: outcome, before: observedBefore, filesBefore: filesBefore, simulation: self
        ).mapError {
            SimulationFailure(step: performed, message: $0.message)
        }.get()
        if !killedOnly { reboot(index, downtime: .seconds(30)) }
        try checkAgainstModel(index, step: step)
    }

    /// Every stopwatch and history read whole on `index`: nothing unreadable, no line of history
    /// damaged but those edited by hand.
    func checkReadable(_ index: Int, after step: SimulationStep) throws(SimulationFailure) {
        let machine = machines[index]
        for arguments in [["list", "--json"], ["history", "--json"]] {
            let outcome = machine.run(arguments)
            try check(
                outcome.status == 0, step,
                "'stopwatch \(arguments.joined(separator: " "))' exits \(outcome.status): \(outcome.messages)")
        }
        let damaged = (json(machine.run(["history", "--json"]).output)?["damagedLines"] as? Int) ?? -1
        let edited = editedLines.filter { $0.machine == index || sync.hub.keys.contains($0.file) }.count
        try check(
            damaged <= edited, step, "history reports \(damaged) damaged lines, but only \(edited) were edited by hand")
    }

    // MARK: - The model

    /// What every surface of machine `index` shows agrees with the model.
    func checkAgainstModel(_ index: Int, step: SimulationStep, surfaces: Bool = true) throws(SimulationFailure) {
        try model.check(machines[index], index: index, simulation: self, surfaces: surfaces).mapError {
            SimulationFailure(step: performed, message: $0.message)
        }.get()
    }

    /// Every surface of every machine against the model: what a sequence ends with.
    public func checkEverything() throws(SimulationFailure) {
        for index in machines.indices { try checkAgainstModel(index, step: .settle) }
    }

    // MARK: - Reading

    func json(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// The runs `history --json` lists on machine `index`, newest first.
    func runs(on index: Int) -> [[String: Any]] {
        runs(of: machines[index])
    }

    func runs(of machine: SimulatedMachine) -> [[String: Any]] {
        (json(machine.run(["history", "--json"]).output)?["runs"] as? [[String: Any]]) ?? []
    }

    /// The files that matter for "a command that failed changed nothing": the caches a reader
    /// makes (history's snapshot) and a write's leftovers aside.
    static func contents(_ image: PowerLossFileSystem.Image) -> [String: [UInt8]] {
        image.filter {
            !$0.key.hasPrefix("history/snapshot-") && !($0.key.split(separator: "/").last?.hasPrefix(".") ?? false)
        }
    }

    /// True when a machine's own history file grew: a command made a change to history.
    static func historyGrew(_ before: PowerLossFileSystem.Image, _ after: PowerLossFileSystem.Image) -> Bool {
        after.contains {
            $0.key.hasPrefix("history/events-") && !$0.key.contains("sync-conflict") && $0.value != before[$0.key]
        }
    }

    static func difference(_ before: [String: [UInt8]], _ after: [String: [UInt8]]) -> String {
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        return changed.map { "\($0) (\(before[$0]?.count ?? -1) → \(after[$0]?.count ?? -1) bytes)" }.joined(
            separator: ", ")
    }

    func check(_ condition: Bool, _ step: SimulationStep, _ message: @autoclosure () -> String)
        throws(SimulationFailure)
    {
        guard !condition else { return }
        throw SimulationFailure(step: performed, message: message())
    }
}
