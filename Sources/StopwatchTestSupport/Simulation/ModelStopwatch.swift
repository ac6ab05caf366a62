/// A stopwatch, countdown or cycle as the reference model holds it: written as plainly as the
/// README tells it, in whole microseconds, with no speed work. It is the oracle the real one is
/// checked against, so it shares no code with it.
public struct ModelStopwatch: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable {
        case initial, running, paused
    }

    /// What a run follows.
    public enum Plan: Sendable, Hashable {
        case open
        case countdown(Int64)
        case cycle(ModelCycle)

        /// True for a cycle's: its run stands still while the machine sleeps.
        var isCycle: Bool {
            if case .cycle = self { true } else { false }
        }

        /// The plan in full, to tell two plans apart.
        var key: String {
            switch self {
            case .open: "stopwatch"
            case .countdown(let duration): "countdown \(duration)"
            case .cycle(let cycle):
                "cycle \(cycle.phases.map { "\($0.label)=\($0.duration)" }) \(cycle.long.map { "\($0.label)=\($0.duration)" } ?? "-")/\(cycle.longEvery) x\(cycle.rounds ?? 0) \(cycle.waitsBefore.sorted())"
            }
        }

        var word: String {
            switch self {
            case .open: "stopwatch"
            case .countdown: "countdown"
            case .cycle: "cycle"
            }
        }
    }

    /// One look at a machine's clocks.
    public struct Reading: Sendable, Hashable {
        public var wall: Int64
        public var boot: Int64
        public var session: String
        /// How long the machine had slept since its boot.
        public var asleep: Int64 = 0
    }

    /// Where a cycle's phases are counted from: phase `index` began at `at` of its elapsed time
    /// and lasts `extra` longer than planned.
    public struct Anchor: Sendable, Hashable {
        var index: Int
        var at: Int64
        var extra: Int64
    }

    public var name: String
    /// The machine that runs it.
    public var owner: Int
    public var plan: Plan
    public var status: Status = .initial
    /// Time counted in finished segments.
    var accumulated: Int64 = 0
    /// When the running segment began.
    var runningSince: Reading?
    /// While running, when the segment really began on the wall clock, once a reboot's estimate
    /// or a start told as before this boot moved `runningSince` on: as far back as a pause goes.
    var countingSince: Int64?
    var estimated = false
    /// Each lap's total, in order.
    var laps: [Int64] = []
    /// The label of its latest lap (`lap --label`), nil for none or no lap: what `list --json`
    /// shows of it.
    var latestLapLabel: String?
    /// Each lap's label, in order, what `laps NAME` shows; nil where only the latest is known (a
    /// stopwatch read from a journal another step wrote, which names its latest lap alone).
    var lapLabels: [String?]? = []
    var tags: [String] = []
    /// Wall-clock time of the run's first start.
    var startWall: Int64?
    /// Wall-clock time it was paused, while paused.
    var pausedWall: Int64?
    /// A cycle's anchors, oldest first; none: phase 0 began at zero.
    var anchors: [Anchor] = []
    /// The id of the run it holds, once seen.
    var runID: String?
    /// How long the machine slept in its segments before the running one.
    var away: Int64 = 0
    /// `keep`, `drop` or `ask`, as given (`edit --away`); nil: its plan's (a cycle drops, the rest
    /// keep).
    var awayPolicy: String?
    /// Under `ask`, how much of `away` a person decided, from the first, and how much of that was
    /// dropped (out of its time).
    var awayDecided: Int64 = 0
    var awayDropped: Int64 = 0
    /// The last stretch nobody was there the away watcher booked on its run, until given away
    /// (`edit --away-as`): its bounds on the wall clock and how much of it the run counted.
    var lastAway: Stretch?
    /// While it stands still because nobody is there (its policy drops away time, and the away
    /// watcher heard the stretch begin): true, the stand begun at `runningSince`, until the
    /// stretch ends, a pause, or a reboot.
    var standing = false

    /// A stretch nobody was there: from, to, and its length.
    public struct Stretch: Sendable, Hashable {
        var from: Int64
        var to: Int64
        var length: Int64
    }

    init(name: String, owner: Int, plan: Plan) {
        self.name = name
        self.owner = owner
        self.plan = plan
    }

    /// What it does with the time the machine slept: as given, else a cycle drops it (it stands
    /// still) and the rest keep it.
    var effectiveAwayPolicy: String { awayPolicy ?? (plan.isCycle ? "drop" : "keep") }

    /// Whether it counts away time: all but `drop` (`ask` counts until a person decides).
    var countsAway: Bool { effectiveAwayPolicy != "drop" }

    /// How long the machine slept while it counted, up to `now`.
    func away(at now: Reading) -> Int64 {
        guard status == .running, let since = runningSince else { return away }
        // Standing, all of it since the stand began is away time: across a reboot that left the
        // stand open, on the wall clock.
        if standing { return away + Self.between(since, now) }
        return away + Self.slept(from: since, to: now)
    }

    /// The elapsed time: the accumulated time and the running segment, on the boot clock within
    /// one boot and on the wall clock (never below zero, nor below the latest lap) across one.
    func elapsed(at now: Reading) -> Int64 {
        // Standing while nobody is there, it holds its time as a paused one does.
        guard status == .running, let since = runningSince, !standing else { return accumulated }
        // A run that drops away time stands still while the machine sleeps.
        let dropped = effectiveAwayPolicy == "drop" ? Self.slept(from: since, to: now) : 0
        if since.session == now.session { return accumulated + now.boot - since.boot - dropped }
        return max(accumulated + max(0, now.wall - since.wall) - dropped, splitFloor)
    }

    /// How long the machine slept from `since` to `now`: within a boot the difference of what
    /// each had slept; across a reboot, what it slept since the boot; never more than the time
    /// between them.
    static func slept(from since: Reading, to now: Reading) -> Int64 {
        guard now.asleep != since.asleep else { return 0 }
        return min(between(since, now), max(0, since.session == now.session ? now.asleep - since.asleep : now.asleep))
    }

    /// The moment `ago` before `now`, as a pause told after the fact reads it: within the running
    /// segment of this boot, having slept by then the least it can have (all the stretch told
    /// asleep); nil outside it.
    func moment(_ ago: Int64, before now: Reading) -> Reading? {
        guard ago > 0, ago <= measured(at: now), ago <= now.boot else { return nil }
        return Reading(
            wall: now.wall - ago, boot: now.boot - ago, session: now.session, asleep: max(0, now.asleep - ago))
    }

    /// The elapsed time `ago` before `now`: read at that moment (`moment(_:before:)`), otherwise
    /// `ago` less than now.
    func elapsed(at now: Reading, ago: Int64) -> Int64 {
        moment(ago, before: now).map { elapsed(at: $0) } ?? elapsed(at: now) - ago
    }

    /// How long the machine had slept while it counted `ago` before `now`: read at that moment,
    /// otherwise now.
    func away(at now: Reading, ago: Int64) -> Int64 {
        away(at: moment(ago, before: now) ?? now)
    }

    func isEstimated(at now: Reading) -> Bool {
        estimated || (status == .running && runningSince.map { $0.session != now.session } ?? false)
    }

    /// The time from `since` to `now`: on the boot clock within a boot, on the wall clock across a
    /// reboot; never below zero.
    static func between(_ since: Reading, _ now: Reading) -> Int64 {
        since.session == now.session ? max(0, now.boot - since.boot) : max(0, now.wall - since.wall)
    }

    /// How long its running segment has run at `now`, on the boot clock within this boot; zero
    /// when it began before this boot, or it is not running.
    func measured(at now: Reading) -> Int64 {
        runningSince.map { $0.session == now.session ? max(0, now.boot - $0.boot) : 0 } ?? 0
    }

    /// Whether a pause told `ago` before `now` (`pause --ago`, `edit --end`) leaves it estimated:
    /// it was already, or the pause falls before its running segment began on this boot's clock.
    func isEstimated(pausedAgo ago: Int64, at now: Reading) -> Bool {
        isEstimated(at: now) || ago > measured(at: now)
    }

    /// The estimate across a reboot folded in: the segment goes on from `now` on the new boot
    /// clock. What every command that writes the stopwatch does first.
    mutating func rebase(at now: Reading) {
        guard status == .running, let since = runningSince, since.session != now.session else { return }
        // A stand the reboot left open (the watcher ended with it) ends here: nobody was there.
        if standing { return endStand(at: now) }
        away = away(at: now)
        accumulated = elapsed(at: now)
        estimated = true
        countingSince = countingSince ?? since.wall
        runningSince = now
    }

    /// The time no correction takes it below: its latest lap's total, or where a cycle's phase
    /// last changed.
    var splitFloor: Int64 { max(laps.last ?? 0, anchors.last?.at ?? 0) }

    /// A countdown's end, or a finite cycle's: the elapsed time it ends at.
    func end(at now: Reading) -> Int64? {
        switch plan {
        case .open: return nil
        case .countdown(let duration): return duration
        case .cycle(let cycle):
            return cycle.end(elapsed: elapsed(at: now), from: anchors.last ?? Anchor(index: 0, at: 0, extra: 0))
        }
    }

    func isExpired(at now: Reading) -> Bool {
        guard status != .initial, let end = end(at: now) else { return false }
        return elapsed(at: now) >= end
    }

    /// Where a cycle is at `now`.
    func position(at now: Reading) -> ModelCycle.Position? {
        guard case .cycle(let cycle) = plan else { return nil }
        return cycle.position(elapsed: elapsed(at: now), from: anchors.last ?? Anchor(index: 0, at: 0, extra: 0))
    }

    /// The status word the JSON gives it: `expired` past its end, `waiting` at a cycle's wait.
    func token(at now: Reading) -> String {
        if isExpired(at: now) { return "expired" }
        if status == .running, let position = position(at: now), position.waiting { return "waiting" }
        return status.rawValue
    }

    /// What its run books, and what it counted past its end (overtime) or waited for a person.
    func booking(at now: Reading) -> (booked: Int64, overtime: Int64, waited: Int64, phases: [ModelCycle.PhaseRun]) {
        let elapsed = elapsed(at: now)
        switch plan {
        case .open:
            return (elapsed, 0, 0, [])
        case .countdown(let duration):
            return (min(elapsed, duration), max(0, elapsed - duration), 0, [])
        case .cycle(let cycle):
            let phases = cycle.phasesRun(elapsed: elapsed, anchors: anchors)
            let ran = phases.reduce(0) { $0 + $1.ran }
            let waited = phases.reduce(0) { $0 + $1.waited }
            let position = cycle.position(elapsed: elapsed, from: anchors.last ?? Anchor(index: 0, at: 0, extra: 0))
            return (ran, position.finished ? position.overtime : 0, waited, phases)
        }
    }
}

/// A cycle's plan in the reference model: a round of phases, a long phase in place of the last
/// one every `longEvery`th round, so many rounds or until stopped, and the labels that wait for
/// a person before they begin.
public struct ModelCycle: Sendable, Hashable {
    public var phases: [(label: String, duration: Int64)]
    public var long: (label: String, duration: Int64)?
    public var longEvery: Int
    public var rounds: Int?
    public var waitsBefore: Set<String>

    public init(
        phases: [(String, Int64)], long: (String, Int64)? = nil, longEvery: Int = 4, rounds: Int? = nil,
        waitsBefore: Set<String> = []
    ) {
        self.phases = phases.map { (label: $0.0, duration: $0.1) }
        self.long = long.map { (label: $0.0, duration: $0.1) }
        self.longEvery = longEvery
        self.rounds = rounds
        self.waitsBefore = waitsBefore
    }

    /// The classic pomodoro: work 25m, break 5m, long-break 15m every 4th round, until stopped.
    static let pomodoro = ModelCycle(
        phases: [("work", 25 * 60_000_000), ("break", 5 * 60_000_000)], long: ("long-break", 15 * 60_000_000))

    public static func == (a: ModelCycle, b: ModelCycle) -> Bool {
        a.phases.map(\.label) == b.phases.map(\.label) && a.phases.map(\.duration) == b.phases.map(\.duration)
            && a.long?.label == b.long?.label
            && a.long?.duration == b.long?.duration && a.longEvery == b.longEvery && a.rounds == b.rounds
            && a.waitsBefore == b.waitsBefore
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(phases.map(\.label))
        hasher.combine(rounds)
    }

    /// How many phases it has in all; nil until stopped.
    var count: Int? { rounds.map { $0 * phases.count } }

    /// Phase `index`'s label and planned length.
    func phase(_ index: Int) -> (label: String, duration: Int64) {
        let position = index % phases.count
        let round = index / phases.count
        if let long, position == phases.count - 1, (round + 1) % longEvery == 0 { return long }
        return phases[position]
    }

    /// Phase `index`'s length as it runs from `anchor`.
    func length(_ index: Int, from anchor: ModelStopwatch.Anchor) -> Int64 {
        phase(index).duration + (index == anchor.index ? anchor.extra : 0)
    }

    /// Where a cycle stands.
    struct Position {
        var index: Int
        /// Time in its phase (its length once it is over, at a wait or the end).
        var inPhase: Int64
        var length: Int64
        /// At a wait for a person, after the phase `index`.
        var waiting = false
        var finished = false
        /// Past the end, or waited so far.
        var overtime: Int64 = 0
        /// When its phase began, in elapsed time.
        var began: Int64
    }

    /// Walks the phases from `anchor` to `elapsed`, one at a time.
    func position(elapsed: Int64, from anchor: ModelStopwatch.Anchor) -> Position {
        var index = anchor.index
        var began = anchor.at
        while true {
            if let count, index >= count {
                // `next` ended the last phase: finished where it did.
                let last = length(count - 1, from: anchor)
                return Position(
                    index: count - 1, inPhase: last, length: last, finished: true, overtime: max(0, elapsed - began),
                    began: began - last)
            }
            let length = length(index, from: anchor)
            if elapsed - began < length {
                return Position(index: index, inPhase: max(0, elapsed - began), length: length, began: began)
            }
            let next = index + 1
            if let count, next >= count {
                return Position(
                    index: index, inPhase: length, length: length, finished: true, overtime: elapsed - began - length,
                    began: began)
            }
            if waitsBefore.contains(phase(next).label) {
                return Position(
                    index: index, inPhase: length, length: length, waiting: true, overtime: elapsed - began - length,
                    began: began)
            }
            began += length
            index = next
        }
    }

    /// The elapsed time at which its last phase ends, read at `elapsed` from `anchor`, as though
    /// no phase to come waited; nil until stopped. While it waits, the end moves with the wait.
    func end(elapsed: Int64, from anchor: ModelStopwatch.Anchor) -> Int64? {
        guard let count else { return nil }
        let position = position(elapsed: elapsed, from: anchor)
        if position.finished { return position.began + position.length }
        var end = position.waiting ? elapsed : position.began + position.length
        for index in (position.index + 1)..<max(position.index + 1, count) { end += length(index, from: anchor) }
        return end
    }

    /// A phase as it ran: its label, planned and actual length, the wait after it, and whether it ended.
    struct PhaseRun: Sendable, Hashable {
        var label: String
        var planned: Int64
        var ran: Int64
        var waited: Int64
        var ended: Bool
    }

    /// Every phase a run of `elapsed` with these anchors ran, in order: each stretch between two
    /// anchors runs phase after phase by their lengths, and the last phase of a stretch ends where
    /// the next anchor begins (early, by `next`, or after a wait).
    func phasesRun(elapsed: Int64, anchors: [ModelStopwatch.Anchor]) -> [PhaseRun] {
        var runs: [PhaseRun] = []
        var from = ModelStopwatch.Anchor(index: 0, at: 0, extra: 0)
        for anchor in anchors {
            guard anchor.index > from.index else {
                from = anchor
                continue
            }
            var began = from.at
            for index in from.index..<anchor.index {
                let length = length(index, from: from)
                if index == anchor.index - 1 {
                    let actual = anchor.at - began
                    runs.append(
                        PhaseRun(
                            label: phase(index).label, planned: phase(index).duration, ran: max(0, min(length, actual)),
                            waited: max(0, actual - length), ended: true))
                } else {
                    runs.append(
                        PhaseRun(
                            label: phase(index).label, planned: phase(index).duration, ran: length, waited: 0,
                            ended: true))
                    began += length
                }
            }
            from = anchor
        }
        if let count, from.index >= count { return runs }
        let position = position(elapsed: elapsed, from: from)
        var began = from.at
        for index in from.index..<position.index {
            let length = length(index, from: from)
            runs.append(
                PhaseRun(label: phase(index).label, planned: phase(index).duration, ran: length, waited: 0, ended: true)
            )
            began += length
        }
        let ended = position.finished || position.waiting
        runs.append(
            PhaseRun(
                label: phase(position.index).label, planned: phase(position.index).duration, ran: position.inPhase,
                waited: position.waiting ? position.overtime : 0, ended: ended
            )
        )
        return runs
    }
}

extension ModelStopwatch {
    /// This stopwatch reset: its plan and away policy kept, nothing else.
    /// The laps (totals and labels) of `known`, the model's own account of it, where it has as
    /// many as the journal just read.
    mutating func keepLaps(of known: ModelStopwatch?) {
        guard let known, known.laps.count == laps.count else { return }
        laps = known.laps
        lapLabels = known.lapLabels
    }

    func resetCopy() -> ModelStopwatch {
        var reset = ModelStopwatch(name: name, owner: owner, plan: plan)
        reset.awayPolicy = awayPolicy
        return reset
    }

    /// A new run begun at `now`, with its away policy.
    mutating func begin(at now: Reading, tags: [String]) {
        let (plan, policy) = (plan, awayPolicy)
        self = ModelStopwatch(name: name, owner: owner, plan: plan)
        awayPolicy = policy
        status = .running
        runningSince = now
        startWall = now.wall
        self.tags = tags
    }
}
