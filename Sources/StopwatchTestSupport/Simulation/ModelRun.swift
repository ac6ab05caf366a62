/// A run history keeps, as the reference model holds it.
public struct ModelRun: Sendable, Hashable {
    /// Its id, as the tool gave it (read from `history --json` once it is there).
    public var id: String
    public var name: String
    /// The machine that recorded it, as it calls itself.
    public var machine: String?
    /// Wall-clock microseconds of its first start and of when it stopped counting what it booked.
    public var start: Int64
    public var end: Int64
    /// What it booked: no pause, no overtime, no wait for a person.
    public var booked: Int64
    public var overtime: Int64 = 0
    /// Part of its time estimated from the wall clock (across a reboot, a start told before this
    /// boot) or all of it told (`track`); an imported run was measured by the tool it came from.
    public var estimated = false
    public var laps: Int = 0
    public var tags: [String] = []
    /// `stopwatch`, `countdown` or `cycle`.
    public var plan: String
    /// A cycle's phases as it ran them, at most 64 (what a record itemizes), and how many ended.
    var phases: [ModelCycle.PhaseRun] = []
    var phasesEnded = 0
    /// A cycle's plan: its phases past those itemized ran their lengths.
    var cycle: ModelCycle?
    /// Its plan in full: runs are joined only of one plan.
    public var planKey = "stopwatch"
    /// In what order runs were added: of two that begin at once, the first added is the latest.
    var serial = 0
    /// How long the machine slept while it counted, and whether `booked` kept it (`keep`) or not
    /// (`drop`).
    public var away: Int64 = 0
    public var awayPolicy = "keep"
    /// Under `ask`, how much of `away` a person decided, from the first, and how much of that
    /// was dropped (out of `booked`).
    var awayDecided: Int64 = 0
    var awayDropped: Int64 = 0

    /// This run with its away time booked as `policy` (`edit --away`): under `ask` with some of
    /// it undecided (up to `upTo`, where an answer to a notification named that much), that
    /// decided; else the policy from its start, what it counted of its away time taken out and
    /// what the policy counts added. Nil where an answer finds nothing left to decide.
    func withAwayPolicy(_ policy: String, upTo: Int64? = nil) -> ModelRun? {
        var run = self
        let target = min(away, upTo ?? away)
        if awayPolicy == "ask", policy != "ask", target > awayDecided {
            if policy == "drop" {
                let taken = min(target - awayDecided, booked)
                run.booked -= taken
                run.awayDropped += taken
            }
            run.awayDecided = target
            return run
        }
        guard upTo == nil else { return nil }
        run.booked = Self.rebooked(booked, away: away, dropped: awayDropped, from: awayPolicy, to: policy)
        run.awayPolicy = policy
        run.awayDecided = 0
        run.awayDropped = 0
        return run
    }

    /// `booked`, counted under policy `old` (`dropped` of its away time decided so under `ask`),
    /// counted under `new`: what `old` counted of `away` taken out, what `new` counts added
    /// (`ask` all of it), never below zero.
    static func rebooked(_ booked: Int64, away: Int64, dropped: Int64 = 0, from old: String, to new: String) -> Int64 {
        func counted(_ policy: String, dropped: Int64) -> Int64 {
            policy == "keep" ? away : policy == "drop" ? 0 : max(0, away - dropped)
        }
        return max(0, booked - counted(old, dropped: dropped) + counted(new, dropped: 0))
    }

    /// Pomodoros it completed: `work` phases that ended having run their planned length, within
    /// the time it booked (a correction takes time away from its end).
    var completed: Int {
        var count = 0
        var offset: Int64 = 0
        for index in 0..<phasesEnded {
            let phase =
                index < phases.count
                ? phases[index]
                : cycle.map {
                    ModelCycle.PhaseRun(
                        label: $0.phase(index).label, planned: $0.phase(index).duration, ran: $0.phase(index).duration,
                        waited: 0, ended: true)
                }
            guard let phase else { break }
            offset += phase.ran
            guard offset <= booked else { break }
            if phase.label == "work", phase.ran >= phase.planned { count += 1 }
        }
        return count
    }

    /// How `history --json` shows it, as the model compares it: what must agree.
    var summary: String {
        "\(name)@\(machine ?? "-") \(plan)\(estimated ? " estimated" : "") booked \(booked / 1000) ms, over \(overtime / 1000) ms, \(laps) laps, tags [\(tags.joined(separator: ","))], \(start / 1_000_000)–\(end / 1_000_000) s, away \(away / 1000) ms \(awayPolicy)"
            + (awayPolicy == "ask"
                ? " (\(awayDropped / 1000) ms dropped, \(max(0, away - awayDecided) / 1000) ms undecided)" : "")
            + (phases.isEmpty
                ? ""
                : ", \(phasesEnded) phases ended ["
                    + phases.map { "\($0.label) \($0.ran / 1000) ms\($0.ended ? " ended" : "")" }.joined(
                        separator: ", ")
                    + "]")
    }
}

/// A change to history as the reference model holds it: what it did to the runs, and the
/// stopwatches it found and left (what `undo` puts back).
struct ModelEntry {
    enum Operation {
        case add(ModelRun)
        case fix(ModelRun)
        case drop(String)
    }

    /// The change's id and sequence, as the tool wrote them (docs/state-format.md): the order
    /// every machine reads history in is by sequence, then id.
    var id: String
    var sequence: Int
    /// The machine that made it, the file it is in and where it ends there.
    var madeOn: Int
    var file: String
    var end: Int
    /// Its last line, with its newline, and where it begins in `file`: another machine has the
    /// change once its copy holds that line there (a copy as long may hold a torn tail the
    /// change was written over, once cut off).
    var lastLine: [UInt8] = []
    var lastLineStart = 0
    /// For an undo or a redo, the change it undoes.
    var target: String?
    var isUndo = false
    var isRedo = false
    var operations: [Operation] = []
    /// Each stopwatch it set: as found and as left (nil: none), keyed by its machine and name.
    var stopwatches: [(key: ModelKey, before: ModelStopwatch?, after: ModelStopwatch?)] = []
}

/// A stopwatch's key in the model: the machine whose journal it is, and its name.
public struct ModelKey: Sendable, Hashable, Comparable {
    public var machine: Int
    public var name: String

    public static func < (a: ModelKey, b: ModelKey) -> Bool {
        (a.name, a.machine) < (b.name, b.machine)
    }
}

/// Where the tool and the reference model disagree.
public struct ModelMismatch: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
