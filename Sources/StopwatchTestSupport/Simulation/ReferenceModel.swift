import Foundation
import StopwatchPlatform

/// The reference model of the whole tool: every stopwatch, countdown and cycle on every machine
/// with its laps and plan, the saved plans, the goals, and history as a log of changes (runs
/// added, corrected, taken out, undone), as the README and docs/ describe them. Written as plainly
/// as possible: it is the oracle, so it shares no code with the tool and does no speed work.
///
/// For each command the simulation performs, the model says what must happen (an exit status,
/// or a set of them where the README leaves a choice to facts the model does not hold) and
/// what it changes; then every surface the machine shows is checked against it. The ids the
/// tool gives (a run's, a change's and its sequence) are facts the model reads, not decides.
public final class ReferenceModel {
    let machineNames: [String]
    let zone: ManualTimeZone
    /// Every stopwatch, by the machine whose journal it is and its name.
    var stopwatches: [ModelKey: ModelStopwatch] = [:]
    /// History's changes, in the order they were made (not the order they are read in).
    var entries: [ModelEntry] = []
    /// Saved plans by name: the cycle, and its tags.
    var plans: [String: (cycle: ModelCycle, tags: [String])] = [:]
    /// What each saved plan file's bytes mean, as the machine that saved them meant: a machine
    /// knows a plan saved elsewhere only once its file reached it.
    var savedPlans: [[UInt8]: (cycle: ModelCycle, tags: [String])] = [:]
    /// The day's goal, a time.
    var dayGoal: Int64?
    /// Once a line of history was edited by hand, its change is passed over: history is then
    /// compared as runs the model holds or lost, not exactly.
    var editedByHand = false

    init(machines: [String], zone: ManualTimeZone) {
        machineNames = machines
        self.zone = zone
    }

    /// True for the commands that may change history (what `undo` takes back): those that can
    /// end a run, or correct one.
    public static func changesHistory(_ arguments: [String]) -> Bool {
        guard let command = arguments.first else { return false }
        return [
            "reset", "restart", "delete", "dismiss", "track", "import", "edit", "remove", "split", "join", "timer",
            "cycle", "toggle",
        ].contains(command)
    }

    static func reading(_ machine: SimulatedMachine) -> ModelStopwatch.Reading {
        let now = machine.clock.now()
        return ModelStopwatch.Reading(
            wall: now.wall.wholeMicroseconds, boot: now.boot.wholeMicroseconds, session: now.bootSession.rawValue,
            asleep: now.asleep.wholeMicroseconds)
    }

    /// The changes the model holds, a line each: for a failure's report.
    public var debugEntries: String {
        entries.map {
            "\($0.sequence) \($0.id) on \($0.madeOn)\($0.target.map { " undoes \($0)" } ?? "") \($0.operations.count) runs, \($0.stopwatches.count) stopwatches"
        }.joined(separator: "\n")
    }

    func historyEditedByHand() {
        editedByHand = true
    }

    /// The record of `stopwatch`'s run read at `now`: what it booked (no pause, no overtime, no
    /// wait), from its start to when it stopped counting (never before its start, whatever the
    /// wall clock says); nil when it holds none.
    static func record(_ stopwatch: ModelStopwatch, at now: ModelStopwatch.Reading, machine: String?) -> ModelRun? {
        guard stopwatch.status != .initial, let start = stopwatch.startWall else { return nil }
        let booking = stopwatch.booking(at: now)
        let stopped = stopwatch.status == .paused ? (stopwatch.pausedWall ?? now.wall) : now.wall
        var run = ModelRun(
            id: stopwatch.runID ?? "", name: stopwatch.name, machine: machine, start: start,
            end: max(start, stopped - booking.overtime), booked: booking.booked, overtime: booking.overtime,
            laps: stopwatch.laps.count, tags: stopwatch.tags, plan: stopwatch.plan.word, planKey: stopwatch.plan.key
        )
        run.estimated = stopwatch.isEstimated(at: now)
        run.away = stopwatch.away(at: now)
        run.awayPolicy = stopwatch.effectiveAwayPolicy
        if run.awayPolicy == "ask" {
            run.awayDecided = min(stopwatch.awayDecided, run.away)
            run.awayDropped = min(stopwatch.awayDropped, run.awayDecided)
        }
        run.phases = Array(booking.phases.prefix(64))
        run.phasesEnded = booking.phases.filter(\.ended).count
        if case .cycle(let cycle) = stopwatch.plan { run.cycle = cycle }
        return run
    }

    // MARK: - History as a machine reads it

    /// The changes machine `index` has: its own, and those whose file reached it whole (its last
    /// line where it was written, or a conflict copy as long).
    func seen(by index: Int, in simulation: Simulation) -> [ModelEntry] {
        let files = simulation.machines[index].files
        return entries.filter { entry in
            if entry.madeOn == index { return true }
            let stem = entry.file.dropLast(4)
            let lineEnd = entry.lastLineStart + entry.lastLine.count
            if let bytes = files[entry.file], bytes.count >= entry.end, bytes.count >= lineEnd,
                bytes[entry.lastLineStart..<lineEnd].elementsEqual(entry.lastLine)
            {
                return true
            }
            return files.contains { path, bytes in path.hasPrefix(stem + ".sync-conflict-") && bytes.count >= entry.end
            }
        }.sorted { ($0.sequence, $0.id) < ($1.sequence, $1.id) }
    }

    /// Which of `entries` are in effect: all but those an undo in effect undid, settled from the
    /// newest back (an undo undone by a redo undoes nothing).
    static func inEffect(_ entries: [ModelEntry]) -> [Bool] {
        var effective = [Bool](repeating: true, count: entries.count)
        var undone: Set<String> = []
        for index in entries.indices.reversed() {
            if undone.contains(entries[index].id) {
                effective[index] = false
                continue
            }
            if let target = entries[index].target { undone.insert(target) }
        }
        return effective
    }

    /// The runs history holds, as read from `entries` (in reading order).
    static func runs(_ entries: [ModelEntry]) -> [String: ModelRun] {
        let effective = inEffect(entries)
        var runs: [String: ModelRun] = [:]
        for (entry, isInEffect) in zip(entries, effective) where isInEffect {
            for operation in entry.operations {
                switch operation {
                case .add(var run), .fix(var run):
                    // A run recorded again, or corrected, keeps its place among the others.
                    if let kept = runs[run.id] { run.serial = kept.serial }
                    runs[run.id] = run
                case .drop(let id): runs[id] = nil
                }
            }
        }
        return runs
    }

    /// The runs machine `index` reads, those the stopwatches it reads still hold left out.
    func runs(on index: Int, in simulation: Simulation) -> [String: ModelRun] {
        var runs = Self.runs(seen(by: index, in: simulation))
        for stopwatch in stopwatches(seenBy: index, files: simulation.machines[index].files, in: simulation).values {
            if let id = stopwatch.runID, stopwatch.status != .initial { runs[id] = nil }
        }
        return runs
    }

    /// Plan `name` as machine `index` reads it: its file there, as the machine that saved those
    /// bytes meant them; nil where no file of it has reached the machine.
    func plan(_ name: String, among files: [String: [UInt8]]) -> (cycle: ModelCycle, tags: [String])? {
        guard let bytes = files["plans/\(name).plan"] else { return nil }
        return savedPlans[bytes] ?? plans[name]
    }

    /// The sequence machine `index`'s next change gets: one more than the highest it has seen.
    func nextSequence(on index: Int, in simulation: Simulation) -> Int {
        (seen(by: index, in: simulation).map(\.sequence).max() ?? 0) + 1
    }
}
