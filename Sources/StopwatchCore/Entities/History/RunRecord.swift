/// A run as history keeps it: what it followed, when it began and stopped counting, and the time
/// it booked.
///
/// A run is a stopwatch's time from its first start to the change that throws that start away: a
/// reset, a restart, a countdown or cycle replaced, a dismissal, a deletion
/// (`StopwatchState.endsRun(by:)`), recorded by the same locked change, so that a power cut leaves
/// it either still current or in history, never both and never neither. A block told after the
/// fact (`track`), one imported, and the second part of a split are runs no stopwatch held.
///
/// A run books the time it counted towards its plan: a countdown up to its zero, a cycle of so
/// many rounds up to its last phase's end; what it counted after that is its `overtime`, kept
/// apart and never booked. Its `endedAt` is when it stopped counting what it booked: its zero,
/// its last pause, or the change that ended it while running.
public struct RunRecord: Sendable, Hashable {
    /// Its id: random, never changed by a correction.
    public var id: EventID
    /// The stopwatch's name, as a correction may have changed it.
    public var name: StopwatchName
    /// What it followed: a stopwatch's, a countdown's or a cycle's plan.
    public var plan: Plan
    /// Wall-clock time of the run's first start, since the Unix epoch.
    public var startedAt: Duration
    /// Wall-clock time it stopped counting the time it booked.
    public var endedAt: Duration
    /// The time it booked, paused time left out.
    public var elapsed: Duration
    /// What it counted past a countdown's zero or a cycle's end: shown, never booked.
    public var overtime = Duration.zero
    /// True when part of its time was estimated from the wall clock (across a reboot, before this
    /// boot), or told rather than measured (`track`). A run imported was measured by the tool
    /// it came from: not estimated.
    public var isEstimated: Bool
    /// How many laps it recorded (kept with it, `HistoryStore.laps(ofRun:)`).
    public var lapCount: Int
    /// How many of a cycle's phases had ended (`StopwatchState.edgesPassed`); zero otherwise.
    public var phasesEnded: Int
    /// For a cycle, each of its first phases (at most `PhaseSequence.itemizedPhases`) as it ran,
    /// with the time it then waited for a person (`PhaseSequence.phaseTimes`). Empty otherwise.
    public var phaseTimes: [PhaseTime] = []
    /// Its tags, sorted (`Tag`).
    public var tags: [String] = []
    /// How long nobody was there while it counted (`StopwatchState.away(at:)`): the machine
    /// asleep, the screen locked, no input. Booked in `elapsed` when `awayPolicy` is `keep`, left
    /// out of it when `drop`.
    public var away = Duration.zero
    /// What it did with `away`.
    public var awayPolicy = AwayPolicy.keep
    /// How much of `away` was a locked screen's.
    public var awayLocked = Duration.zero
    /// How much of `away` was a stretch with no input.
    public var awayIdle = Duration.zero

    /// Under `ask`, how much of `away`, from the first, a person decided
    /// (`StopwatchState.awayDecided`); zero under another policy.
    public var awayDecided = Duration.zero
    /// How much of `awayDecided` was decided dropped: left out of `elapsed`.
    public var awayDropped = Duration.zero

    /// How much of its away time waits for a person to decide what it is (`AwayPolicy.ask`).
    public var undecidedAway: Duration { awayPolicy == .ask ? max(.zero, away - awayDecided) : .zero }

    /// Whether some of its away time waits for a person to decide what it is.
    public var isUndecided: Bool { undecidedAway > .zero }

    /// How much of `away` was for `cause`.
    public func away(_ cause: AwayCause) -> Duration {
        cause.part(of: away, locked: awayLocked, idle: awayIdle)
    }
    /// The UTC offsets the local time zone had at the start and at the end when it was recorded
    /// (zero until then). Kept for the record; a reader shows every instant in its own zone.
    public var startOffset = Duration.zero
    /// The offset at the end, as `startOffset`.
    public var endOffset = Duration.zero
    /// Nil for a run that ended; for the run a stopwatch holds now, which history's answers show
    /// too, its status (running or paused), read at the time history was read.
    public var current: StopwatchStatus?
    /// The name and first start it was recorded with, which corrections leave as they are: what
    /// told runs apart before they had ids, what keeps its laps, and what hides its record while
    /// its stopwatch still holds it (a power cut after the record, before the change).
    public var recordedAs: RunKey
    /// The sequence of the change that last added or corrected it (`HistoryLog.Entry.sequence`),
    /// as history holds it; 0 for one added before sequences. A correction of it keeps this as it
    /// read it: what it was based on.
    public var revision: Int64 = 0
    /// Corrected on two machines before either saw the other's correction (a correction based on
    /// an older revision than the one it corrects): the later in history's order stands.
    public var isConflicted = false
    /// The machine that recorded it, as that machine calls itself (its host name, or
    /// `STOPWATCH_MACHINE`); nil for a run recorded before machines were told apart. A correction
    /// made on another machine leaves it as it is.
    public var machine: String?

    /// A run with these figures; the rest (overtime, tags, offsets, machine, …) set apart.
    public init(
        id: EventID, name: StopwatchName, plan: Plan, startedAt: Duration, endedAt: Duration, elapsed: Duration,
        isEstimated: Bool,
        lapCount: Int, phasesEnded: Int = 0
    ) {
        self.id = id
        self.name = name
        self.plan = plan
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.elapsed = elapsed
        self.isEstimated = isEstimated
        self.lapCount = lapCount
        self.phasesEnded = phasesEnded
        recordedAs = RunKey(name: name, start: startedAt)
    }

    /// Its start and end stamped with the UTC offsets `zone` had then, in whole seconds, as a
    /// record keeps them.
    public mutating func stampOffsets(in zone: any LocalTimeZone) {
        startOffset = .seconds(zone.offset(at: startedAt).wholeSeconds)
        endOffset = .seconds(zone.offset(at: endedAt).wholeSeconds)
    }

    /// This run booking its away time as `policy` says (`edit --away`): the time it booked with it
    /// counted, or taken out; what was decided under `ask` gone.
    public func withAwayPolicy(_ policy: AwayPolicy) -> RunRecord {
        var run = self
        run.awayPolicy = policy
        run.elapsed = policy.rebooking(elapsed, away: away, dropped: awayDropped, from: awayPolicy)
        run.awayDecided = .zero
        run.awayDropped = .zero
        return run
    }

    /// This run, whose policy asks, with its away time up to `upTo` (all of it when nil) decided
    /// as `policy` says, as `StopwatchState.deciding(_:upTo:at:)` decides a stopwatch's: dropped,
    /// what was undecided of it is taken out of its time (never below zero). Nil when there is
    /// nothing to decide.
    public func deciding(_ policy: AwayPolicy, upTo: Duration? = nil) -> RunRecord? {
        guard awayPolicy == .ask, policy != .ask else { return nil }
        let target = min(away, upTo ?? away)
        let amount = target - awayDecided
        guard amount > .zero else { return nil }
        var run = self
        run.awayDecided = target
        if policy == .drop {
            let taken = min(amount, elapsed)
            run.elapsed -= taken
            run.awayDropped += taken
        }
        return run
    }

    /// True once it reached its plan's end: a countdown its zero, a cycle of so many rounds its
    /// last phase's end.
    public var reachedEnd: Bool {
        switch plan {
        case .open: false
        case .countdown(let duration): overtime > .zero || elapsed >= duration
        case .sequence(let sequence): sequence.phaseCount.map { phasesEnded >= $0 } ?? false
        }
    }
}

/// A run's name and first start: what told one run from another before runs had ids.
public struct RunKey: Sendable, Hashable {
    /// The name it was recorded with.
    public var name: StopwatchName
    /// Its first start, wall-clock time since the Unix epoch.
    public var start: Duration

    /// The key of `name`'s run first started at `start`.
    public init(name: StopwatchName, start: Duration) {
        self.name = name
        self.start = start
    }
}

extension RunRecord {
    /// Whether it has every one of `tags` (none asked: true): what `--tag` keeps in `history` and
    /// `report`.
    public func hasTags(_ tags: [String]) -> Bool {
        tags.allSatisfy(self.tags.contains)
    }
}
