/// One step of a simulation: a command on a machine, time passing, a fault, or the sync engine
/// at work. A sequence of steps prints as what a person could paste into a shell, with
/// `STOPWATCH_MACHINE` naming the machine and the rest as comments.
public enum SimulationStep: Sendable, Hashable, CustomStringConvertible {
    /// `stopwatch ARGUMENTS` on machine `machine`. A word `@run:N` stands for the id of the Nth
    /// run `history --json` lists at that moment (newest first), read just before it runs.
    case command(machine: Int, [String])
    /// Time passes, the same on every machine.
    case wait(Duration)
    /// A machine sleeps; time passes everywhere (its boot clock counts the sleep).
    case suspend(machine: Int, Duration)
    /// Someone sets a machine's wall clock (its boot clock does not move).
    case shiftWallClock(machine: Int, Duration)
    /// A machine restarts after `downtime`, which passes everywhere.
    case reboot(machine: Int, downtime: Duration)
    /// Command lines run at once on machine `machine`, as `stopwatch A & stopwatch B & wait`
    /// (two starts at once, bars refreshed at once): processes of their own, switching at every
    /// operation on the disk as `seed` draws, waiting for each other at the state directory's
    /// lock. `@away begins lock|idle` and `@away ends` stand for the away watcher hearing a
    /// stretch begin or end (`awayBegins`, `awayEnds`), a process among them.
    case together(machine: Int, [[String]], seed: UInt64)
    /// A command whose process is killed (`killedOnly`), or whose machine loses power, right after
    /// the disk's `operations`th change: what was written and not synced may be lost (drawn by
    /// `seed`). Power lost, the machine restarts.
    case cut(machine: Int, [String], operations: Int, killedOnly: Bool, seed: UInt64)
    /// The sync engine carries some of a machine's changed files to the others' shared copy.
    case upload(machine: Int, seed: UInt64)
    /// The sync engine carries some of the shared files to a machine, some cut short now and then.
    case download(machine: Int, seed: UInt64)
    /// Every file reaches every machine, whole.
    case settle
    /// `history --format timew` on a machine fed to `import` on a machine of its own with an
    /// empty state directory (or Watson's frames made from the same runs): every run comes back
    /// with its name, tags, start and end.
    case roundTrip(machine: Int, watson: Bool)
    /// `import FILE` of Timewarrior's intervals (or Watson's frames) made up by the simulation.
    case importRuns(machine: Int, [ImportedRun], watson: Bool)
    /// Keys pressed in `watch NAME` on a machine: space, `l`, `r` (twice to reset), `n`, `+`, `-`,
    /// `k`, `d`.
    case keys(machine: Int, name: String, String)
    /// Nobody is at a machine for `duration`: its screen locked (`idle`: no input past the
    /// desktop's delay), asleep for `asleep` of it in the middle; time passes everywhere. At the
    /// end the away watcher books the stretch on each run of the machine running then, as it does
    /// when logind says somebody is back.
    case away(machine: Int, idle: Bool, Duration, asleep: Duration)
    /// A stretch nobody is at a machine begins (its screen locked; `idle`: input stopped past the
    /// desktop's delay), and stays open over the steps that follow (commands a script or an ssh
    /// session runs, zeros, syncs, time) until `awayEnds`: the away watcher makes the runs that
    /// drop away time stand still, as it does when logind says so.
    case awayBegins(machine: Int, idle: Bool)
    /// Somebody is back at a machine: the away watcher books the stretch `awayBegins` opened on
    /// each run of the machine running then. Nothing where none is open.
    case awayEnds(machine: Int)
    /// A person answers the notification the away watcher sent about `name`'s away time on a
    /// machine: `keep`, `drop` or `book` ("Book as…"), carried out on what it named, as the
    /// watcher carries it out. Nothing where none awaits an answer (none sent, answered already,
    /// given up after an hour, or gone with a reboot).
    case answer(machine: Int, name: String, String)
    /// Someone edits a whole line of a machine's own history file by hand: a letter of a name
    /// retyped, so the line fails its check.
    case editHistoryByHand(machine: Int, seed: UInt64)

    public var description: String {
        switch self {
        case .command(let machine, let arguments):
            return Self.prompt(machine) + Self.shellWords(arguments)
        case .wait(let duration):
            return "sleep \(duration.components.seconds)"
        case .suspend(let machine, let duration):
            return "sleep \(duration.components.seconds)  # \(Self.machineName(machine)) suspended meanwhile"
        case .shiftWallClock(let machine, let offset):
            return
                "# \(Self.machineName(machine))'s wall clock set \(offset < .zero ? "back" : "forward") by \(abs(offset.components.seconds)) s"
        case .reboot(let machine, let downtime):
            return "# \(Self.machineName(machine)) reboots, \(downtime.components.seconds) s down"
        case .together(let machine, let commands, let seed):
            return commands.map { words in
                guard words.first == "@away", words.count > 1 else {
                    return Self.prompt(machine) + Self.shellWords(words) + " &"
                }
                return words[1] == "begins"
                    ? "# meanwhile, nobody at \(Self.machineName(machine)) from here: "
                        + (words.last == "idle" ? "no input" : "its screen locked") + "; the away watcher hears it"
                    : "# meanwhile, somebody is back at \(Self.machineName(machine)): the away watcher books the stretch"
            }.joined(separator: "\n")
                + "\nwait  # at once, interleaved by seed \(seed)"
        case .cut(let machine, let arguments, let operations, let killed, _):
            return Self.prompt(machine) + Self.shellWords(arguments)
                + "  # \(killed ? "killed" : "power lost") after its disk's change \(operations)"
        case .upload(let machine, _):
            return "# the sync engine carries some of \(Self.machineName(machine))'s changes away"
        case .download(let machine, _):
            return "# the sync engine brings some changes to \(Self.machineName(machine)), some cut short"
        case .settle:
            return "# every file reaches every machine"
        case .roundTrip(let machine, let watson):
            return Self.prompt(machine) + "history --format timew > runs.json  # imported where nothing else is"
                + (watson ? ", as Watson's frames" : "")
        case .importRuns(let machine, let runs, let watson):
            return "cat > runs.json <<'EOF'\n" + ImportedRun.file(runs, watson: watson) + "\nEOF\n"
                + Self.prompt(machine) + "import runs.json"
        case .keys(let machine, let name, let keys):
            return Self.prompt(machine)
                + "watch \(name)  # keys pressed: \(keys.map { $0 == " " ? "space" : String($0) }.joined(separator: " ")), then q"
        case .away(let machine, let idle, let duration, let asleep):
            return "sleep \(duration.components.seconds)  # nobody at \(Self.machineName(machine)): "
                + (idle ? "no input" : "its screen locked")
                + (asleep > .zero ? ", asleep \(asleep.components.seconds) s of it" : "")
                + "; the away watcher books it"
        case .awayBegins(let machine, let idle):
            return "# nobody at \(Self.machineName(machine)) from here: "
                + (idle ? "no input" : "its screen locked") + "; the away watcher hears it"
        case .awayEnds(let machine):
            return "# somebody is back at \(Self.machineName(machine)): the away watcher books the stretch"
        case .answer(let machine, let name, let key):
            return "# on \(Self.machineName(machine)), the notification about \(name)'s away time answered: "
                + (key == "book" ? "Book as…" : key.capitalized)
        case .editHistoryByHand(let machine, _):
            return "# on \(Self.machineName(machine)), a line of history/events-MACHINE.tsv edited by hand"
        }
    }

    /// The names the machines of a simulation go by.
    public static let machineNames = ["laptop", "desktop", "server"]

    static func machineName(_ index: Int) -> String {
        index < machineNames.count ? machineNames[index] : "machine-\(index)"
    }

    static func prompt(_ machine: Int) -> String {
        "STOPWATCH_MACHINE=\(machineName(machine)) stopwatch "
    }

    /// Words as a shell reads them back: each quoted that needs it.
    static func shellWords(_ words: [String]) -> String {
        words.map { word in
            let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_=.,:+@/%".contains($0) }
            return plain
                ? word
                : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        }.joined(separator: " ")
    }
}

/// A run a simulation imports: its name, tags and span, wall-clock microseconds.
public struct ImportedRun: Sendable, Hashable {
    public var name: String
    public var tags: [String]
    public var start: Int64
    public var end: Int64

    public init(name: String, tags: [String], start: Int64, end: Int64) {
        self.name = name
        self.tags = tags
        self.start = start
        self.end = end
    }

    /// The file `import` reads: Timewarrior's export (an interval's tags, the name first), or
    /// Watson's frames (`[start, stop, project, id, tags, updated]`, seconds).
    public static func file(_ runs: [ImportedRun], watson: Bool) -> String {
        let items = runs.enumerated().map { index, run in
            if watson {
                let tags = run.tags.map { "\"\($0)\"" }.joined(separator: ", ")
                // An id of its own for each frame: its start and name, as hex.
                let hex = String(UInt64(run.start), radix: 16) + run.name.utf8.map { String($0, radix: 16) }.joined()
                let id = (hex + String(repeating: "0", count: 32)).prefix(32)
                return
                    "[\(run.start / 1_000_000), \(run.end / 1_000_000), \"\(run.name)\", \"\(id)\", [\(tags)], \(run.end / 1_000_000)]"
            }
            let tags = ([run.name] + run.tags).map { "\"\($0)\"" }.joined(separator: ",")
            return
                "{\"id\":\(index + 1),\"start\":\"\(timewarrior(run.start))\",\"end\":\"\(timewarrior(run.end))\",\"tags\":[\(tags)]}"
        }
        return "[" + items.joined(separator: ",\n") + "]"
    }

    /// `20261128T093000Z`: Timewarrior's instant, whole seconds in UTC.
    static func timewarrior(_ microseconds: Int64) -> String {
        let seconds = microseconds / 1_000_000
        let days = seconds / 86_400
        let rest = seconds % 86_400
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)\(two(month))\(two(day))T\(two(rest / 3600))\(two(rest / 60 % 60))\(two(rest % 60))Z"
    }
}

extension ImportedRun {
    /// The name `import` gives it: Timewarrior's first tag, Watson's project.
    static func name(of run: ImportedRun) -> String {
        run.name
    }

    /// `2026-11-23T09:00:00Z`, or with a fraction and an offset as `history --json` writes
    /// instants (`2026-11-23T10:00:00.123456+01:00`), in microseconds since the epoch.
    public static func microseconds(iso text: String) -> Int64? {
        let bytes = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int64? {
            guard from + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[from..<(from + count)] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2),
            let second = number(17, 2)
        else { return nil }
        var index = 19
        var fraction: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            var digits = 0
            index += 1
            while index < bytes.count, (48...57).contains(bytes[index]) {
                if digits < 6 { fraction = fraction * 10 + Int64(bytes[index] - 48) }
                digits += 1
                index += 1
            }
            for _ in digits..<max(digits, 6) { fraction *= 10 }
        }
        var offset: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            guard let hours = number(index + 1, 2), let minutes = number(index + 4, 2) else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        }
        // Days since the epoch of a civil date (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return ((days * 86_400 + hour * 3600 + minute * 60 + second) - offset) * 1_000_000 + fraction
    }

    /// `microseconds` as `2026-11-23T09:00:00Z`, whole seconds.
    public static func iso(_ microseconds: Int64) -> String {
        let basic = timewarrior(microseconds)
        let b = Array(basic)
        return String(b[0..<4]) + "-" + String(b[4..<6]) + "-" + String(b[6..<8]) + "T" + String(b[9..<11]) + ":"
            + String(b[11..<13]) + ":" + String(b[13..<15]) + "Z"
    }
}
