/// Random sequences of simulation steps from a seed: every command that changes something, with
/// the options people use, on a few shared names, between time passing, faults and syncs.
///
/// The same seed gives the same steps. Words the generator cannot know in advance stand as
/// placeholders the simulation reads when the step runs: `@run:K` (the Kth run `history` lists),
/// `@ended:K` (the Kth that ended), `@mid:K` (the middle of that one), `@ago:S` (S seconds
/// before the machine's clock).
public struct SimulationGenerator {
    private var random: SplitMix64
    public let machines: Int
    /// How much time the steps so far have let pass.
    private var elapsed: Int64 = 0
    /// The machines nobody is at since an `awayBegins`, until their `awayEnds`.
    private var away: Set<Int> = []
    private static let names = ["work", "tea", "focus"]
    private static let plans = ["deep", "short"]

    public init(seed: UInt64, machines: Int) {
        random = SplitMix64(seed: seed)
        self.machines = machines
    }

    /// How many machines (one to three) a seed runs on: from a stream of its own, apart from the
    /// steps' (the seeds `swift test` runs are multiples of one odd number, so the seed's own
    /// remainder would choose the same count for each), a third of the seeds each.
    public static func machines(seed: UInt64) -> Int {
        var random = SplitMix64(seed: ~seed)
        return 1 + Int(random.next() % 3)
    }

    /// `count` steps, then every file everywhere.
    public static func steps(seed: UInt64, count: Int, machines: Int) -> [SimulationStep] {
        var generator = SimulationGenerator(seed: seed, machines: machines)
        let steps = (0..<count).map { _ in generator.next() }
        // Somebody back at each machine before the end.
        return steps + generator.away.sorted().map { .awayEnds(machine: $0) } + (machines > 1 ? [.settle] : [])
    }

    private mutating func int(_ bound: Int) -> Int {
        Int(random.next() % UInt64(bound))
    }

    private mutating func chance(_ percent: Int) -> Bool {
        int(100) < percent
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        items[int(items.count)]
    }

    private mutating func minutes(_ range: ClosedRange<Int>) -> String {
        "\(range.lowerBound + int(range.count))m"
    }

    public mutating func next() -> SimulationStep {
        // A stretch open ends after a few steps, anything between (a script's commands, syncs).
        if let open = away.min(), chance(20) {
            away.remove(open)
            return .awayEnds(machine: open)
        }
        let machine = int(machines)
        let roll = int(100)
        switch roll {
        case 0..<14:
            let seconds = pick([1, 5, 30, 59, 61, 90, 300, 600, 1_500, 3_600])
            elapsed += Int64(seconds) * 1_000_000
            return .wait(.seconds(seconds))
        case 14..<16:
            let seconds = pick([1_800, 7_200, 28_800])
            elapsed += Int64(seconds) * 1_000_000
            return .suspend(machine: machine, .seconds(seconds))
        case 16:
            elapsed += 30_000_000
            return .reboot(machine: machine, downtime: .seconds(30))
        case 17:
            return .shiftWallClock(machine: machine, .seconds(pick([-3_600, -90, 120, 7_200])))
        case 18..<20:
            return .cut(
                machine: machine, command(), operations: 1 + int(8), killedOnly: chance(50), seed: random.next())
        case 20..<26 where machines > 1:
            return chance(50)
                ? .upload(machine: machine, seed: random.next()) : .download(machine: machine, seed: random.next())
        case 26..<28 where machines > 1:
            return .settle
        case 28:
            return .roundTrip(machine: machine, watson: chance(30))
        case 33..<36:
            // Nobody there: a lunch, a meeting, a night with the screen locked.
            if !away.contains(machine), chance(35) {
                away.insert(machine)
                return .awayBegins(machine: machine, idle: chance(30))
            }
            let awake = pick([120, 900, 2_700])
            let asleep = chance(25) ? pick([1_800, 28_800]) : 0
            elapsed += Int64(awake + asleep) * 1_000_000
            return .away(machine: machine, idle: chance(30), .seconds(awake + asleep), asleep: .seconds(asleep))
        case 30..<33 where chance(30):
            // The notification about a run's away time answered, on time or late (or none awaits).
            return .answer(machine: machine, name: pick(Self.names), pick(["keep", "drop", "book"]))
        case 30..<33:
            let keys = (0..<(1 + int(3))).map { _ in pick([" ", " ", "l", "n", "+", "-", "r", "rr", "k", "d"]) }
                .joined()
            return .keys(machine: machine, name: pick(Self.names), keys)
        case 29:
            return chance(85)
                ? .importRuns(machine: machine, importedRuns(), watson: chance(40))
                : .editHistoryByHand(machine: machine, seed: random.next())
        case 36..<40:
            // Two or three at once: starts from two terminals, bars refreshed in the same second.
            let count = chance(30) ? 3 : 2
            let bars = chance(40)
            var commands = (0..<count).map { _ in bars && chance(75) ? bar() : command() }
            // The away watcher among them: hearing a lock or idle stretch begin, or end.
            if chance(35) {
                let watcher =
                    away.contains(machine) ? ["@away", "ends"] : ["@away", "begins", chance(30) ? "idle" : "lock"]
                if away.contains(machine) { away.remove(machine) } else { away.insert(machine) }
                commands.insert(watcher, at: int(commands.count + 1))
            }
            return .together(machine: machine, commands, seed: random.next())
        default:
            return .command(machine: machine, command())
        }
    }

    /// What a status bar runs each second, or a prompt.
    private mutating func bar() -> [String] {
        switch int(4) {
        case 0: return ["status", "--format", pick(["waybar", "i3blocks", "polybar", "tmux"])]
        case 1: return ["status", pick(Self.names), "--format", pick(["waybar", "i3blocks"])]
        case 2: return ["list", "--format", "{name} {left_s}"]
        default: return ["list", "--json"]
        }
    }

    /// One to three runs in the past, of the shared names, a few with tags.
    private mutating func importedRuns() -> [ImportedRun] {
        let now = Simulation.start.components.seconds * 1_000_000 + elapsed - 9 * 3_600_000_000
        return (0..<(1 + int(3))).map { _ in
            let start = now - Int64(int(48 * 60)) * 60_000_000
            return ImportedRun(
                name: pick(Self.names + ["import-a"]), tags: chance(50) ? [pick(["client-a", "billable", "x1"])] : [],
                start: start,
                end: start + Int64(1 + int(90)) * 60_000_000
            )
        }
    }

    /// One command line.
    mutating func command() -> [String] {
        let name = pick(Self.names)
        switch int(100) {
        case 0..<10:
            var words = ["start", name]
            if chance(25) { words += ["--ago", minutes(1...90)] }
            if chance(25) { words += ["--tag", pick(["client-a", "billable,client-a", "x1"])] }
            if chance(20) { words += ["--away", pick(["keep", "drop", "ask"])] }
            return words
        case 10..<17:
            return chance(25) ? ["pause", name, "--ago", "\(1 + int(120))s"] : ["pause", name]
        case 17..<21: return ["resume", name]
        case 21..<25: return chance(20) ? ["toggle", "--shown"] : ["toggle", name]
        case 25..<31: return chance(30) ? ["lap", name, "--label", pick(["compile", "link", "a b"])] : ["lap", name]
        case 31..<36: return ["reset", name]
        case 36..<39: return chance(30) ? ["restart", name, "--tag", "x1"] : ["restart", name]
        case 39..<41: return ["delete", name]
        case 41..<44: return chance(50) ? ["dismiss", name] : ["dismiss"]
        case 44..<49:
            var words = ["timer", minutes(1...30), name]
            if chance(30) { words.append("--force") }
            if chance(20) { words += ["--away", "drop"] }
            return words
        case 49..<53: return ["timer", name, "--add", (chance(50) ? "-" : "") + minutes(1...10)]
        case 53..<60: return cycle(name)
        case 60..<65: return ["next", name]
        case 65..<68:
            return ["track", "@ago:\(3_600 + int(4) * 900)", "@ago:\(600 + int(3) * 300)", name]
                + (chance(30) ? ["--tag", "billable"] : [])
        case 68..<75: return edit(name)
        case 75..<77: return ["remove", chance(50) ? "@run:\(int(4))" : name]
        case 77..<79:
            let run = int(4)
            return ["split", "@ended:\(run)", "@mid:\(run)"]
        case 79..<81:
            let run = int(4)
            return ["join", "@ended:\(run)", "@ended:\(run + 1)"]
        case 81..<89: return ["undo"]
        case 89..<93: return ["redo"]
        case 93..<95: return chance(70) ? ["goal", pick(["2h", "30m", "6h"])] : ["goal", "--clear"]
        default:
            return ["lap", name]
        }
    }

    private mutating func cycle(_ name: String) -> [String] {
        if chance(25) {
            var words = ["cycle", name, "--plan", pick(Self.plans)]
            if chance(40) { words.append("--force") }
            return words
        }
        var words = ["cycle", name, "work=" + minutes(1...25), "break=" + minutes(1...10)]
        if chance(40) { words += ["--rounds", "\(1 + int(3))"] }
        if chance(30) { words += ["--wait-before", pick(["break", "work"])] }
        if chance(20) { words.append("--notify") }
        if chance(30) { words += ["--save", pick(Self.plans)] }
        if chance(40) { words.append("--force") }
        return words
    }

    private mutating func edit(_ name: String) -> [String] {
        var words = ["edit", chance(50) ? "@run:\(int(4))" : name]
        switch int(7) {
        case 0: words += ["--start", "-" + minutes(1...20)]
        case 1: words += ["--start", "+" + minutes(1...5)]
        case 2: words += ["--end", "-" + minutes(1...10)]
        case 3: words += ["--tag", pick(["fixed", "client-a,fixed", ""])]
        case 4: words += ["--away", pick(["keep", "drop"])]
        case 5: words += ["--away-as", pick(["lunch", "meeting", "tea"])]
        default: words += ["--name", pick(Self.names)]
        }
        return words
    }
}
