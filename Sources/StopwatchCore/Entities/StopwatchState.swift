/// Everything needed to tell a stopwatch's time and record its next lap.
///
/// Every run measures elapsed time the same way and follows a `plan`: open (a stopwatch), a
/// countdown, whose remaining time is its duration minus the elapsed time (see
/// `StopwatchState+Countdown`), or a sequence of phases (a cycle), whose phase follows from the
/// elapsed time (see `StopwatchState+Sequence`). `progress(at:)` is the one reading of all three.
///
/// Elapsed time is never counted; it is `accumulated` plus the interval since `runningSince`. The
/// state holds the lap count and the latest lap but not the whole lap history, so reading it costs
/// the same however many laps there are.
public struct StopwatchState: Sendable, Hashable {
    /// The stopwatch's name.
    public var name: StopwatchName
    /// Initial, running or paused: what its transitions decide by.
    public var status: StopwatchStatus
    /// Time counted in finished running segments.
    public var accumulated: Duration
    /// When the current running segment began; nil unless running.
    public var runningSince: TimeReading?
    /// True once any counted time had to be estimated from the wall clock (after a reboot).
    public var isEstimated: Bool
    /// How many laps its run has recorded.
    public var lapCount: Int
    /// The last of them, nil before the first: `status` and `lap` read it without the rest.
    public var latestLap: Lap?
    /// Wall-clock time of the first start since the last reset, since the Unix epoch.
    public var startedAt: Duration?
    /// The id of the run it holds, given when the run begins (`StopwatchTransition`) and kept by
    /// its record in history. Nil when it holds none, or a run begun by a version that gave none
    /// (`currentRunID` then makes it from the run's name and start).
    public var runID: EventID?
    /// Wall-clock time it was paused, while paused: when its run stopped counting. Nil otherwise,
    /// and for a stopwatch paused by a version that did not keep it.
    public var pausedAt: Duration?
    /// While running, when the running segment's start was moved on without a pause (a reboot's
    /// estimate folded into `accumulated`, a start told as before this boot): the wall-clock time
    /// the segment really began, which is as far back as a pause can be told. Nil when that is
    /// `runningSince`'s wall time.
    public var countingSince: Duration?
    /// What the run follows: open, a countdown or a sequence of phases. Kept across reset.
    public var plan: Plan
    /// The machine it runs on, as its store names it, when that is another than this one: a state
    /// directory shared between machines holds the stopwatches of each, each told by its own
    /// clocks, changed and hooked only there. Nil for this machine's (and for one a version that
    /// kept no machine wrote).
    public var runsOn: String? = nil
    /// With `runsOn`, that machine's id as its store names it (its journal's): where `undo` puts
    /// another machine's stopwatch back, so that it stays that machine's.
    public var runsOnID: String? = nil
    /// What a countdown does at zero, or a cycle at its edges, until it is claimed; nil for a
    /// stopwatch. Kept across reset.
    public var hook: ExpiryHook?
    /// Where a cycle's phases are counted from, once `next` moved it; nil from phase 0 at zero.
    public var phaseAnchor: PhaseAnchor?
    /// A cycle's anchors before `phaseAnchor`, oldest first: what its record needs to tell the
    /// time each phase took (`PhaseSequence.phaseTimes`). Only those within the phases a record
    /// itemizes, so at most `PhaseSequence.itemizedPhases`. Gone with the run.
    public var earlierAnchors: [PhaseAnchor] = []
    /// The tags its run was started with (`start --tag`), sorted, each once; history keeps them with
    /// the run. Gone with the run (reset, restart).
    public var tags: [String] = []
    /// How many of a cycle's edges its hook has been claimed for (`ClaimExpiryHookUseCase`): the
    /// ends of phases `0..<firedEdges`. Zero after a reset.
    public var firedEdges = 0
    /// How many of a cycle's phases have had their warning claimed (`PhaseSequence.warning`):
    /// phases `0..<firedWarnings`, a phase too short for one counted too. Zero after a reset.
    public var firedWarnings = 0
    /// How many of the edges last claimed (the latest before `firedEdges`) its waiter has not yet
    /// said it handed on: nonzero between a claim and its delivery, and after a waiter killed in
    /// between, whose lost edges the next claim tells as skipped (`STOPWATCH_EDGES_SKIPPED`).
    public var undeliveredEdges = 0
    /// How long nobody was there while the run counted (the machine asleep, the screen locked, no
    /// input: `AwayCause`), in its segments before the running one (`away(at:)` adds the running
    /// one's sleep): counted in its time or not, as `awayPolicy` says.
    /// Zero after a reset.
    public var away = Duration.zero
    /// What it does with away time when given (`--away`); nil for its plan's default
    /// (`Plan.awayPolicy`, read by `effectiveAwayPolicy`). Kept across reset.
    public var awayPolicy: AwayPolicy? = nil
    /// How much of `away` was a locked screen's (`booking(_:since:at:)`). Zero after a reset.
    public var awayLocked = Duration.zero
    /// How much of `away` was a stretch with no input. Zero after a reset.
    public var awayIdle = Duration.zero
    /// Under `ask`, how much of its away time, from the first, a person has decided
    /// (`deciding(_:upTo:at:)`): what is past it is undecided. Zero after a reset, and under
    /// another policy.
    public var awayDecided = Duration.zero
    /// How much of `awayDecided` was decided dropped: out of its time. Zero after a reset, and
    /// under another policy.
    public var awayDropped = Duration.zero
    /// The last away stretch booked on it, until booked as another run (`edit --away-as`): cut
    /// where a pause or a start told after the fact falls in it (`cuttingLastAway`); nil after a
    /// reset.
    public var lastAway: AwayStretch? = nil
    /// While the run stands still because nobody is there (`standing(_:at:)`): why. The stand
    /// began at `runningSince`; its time counts in neither the run's time nor its plan's until it
    /// ends. Nil otherwise, and always when not running.
    public var awayStand: AwayCause? = nil
    /// A countdown's hook once claimed at its zero (`hook` is then nil): what time added after
    /// the zero arms again (`addingTime(_:at:)`). Gone with the run, and once armed again.
    public var claimedHook: ExpiryHook? = nil

    /// A state with these fields; the fields added since (`runID`, `pausedAt`, `countingSince`,
    /// `runsOn`, `undeliveredEdges`) are set apart.
    public init(
        name: StopwatchName,
        status: StopwatchStatus = .initial,
        accumulated: Duration = .zero,
        runningSince: TimeReading? = nil,
        isEstimated: Bool = false,
        lapCount: Int = 0,
        latestLap: Lap? = nil,
        startedAt: Duration? = nil,
        plan: Plan = .open,
        hook: ExpiryHook? = nil,
        phaseAnchor: PhaseAnchor? = nil,
        earlierAnchors: [PhaseAnchor] = [],
        firedEdges: Int = 0,
        firedWarnings: Int = 0,
        tags: [String] = []
    ) {
        self.name = name
        self.status = status
        self.accumulated = accumulated
        self.runningSince = runningSince
        self.isEstimated = isEstimated
        self.lapCount = lapCount
        self.latestLap = latestLap
        self.startedAt = startedAt
        self.plan = plan
        self.hook = hook
        self.phaseAnchor = phaseAnchor
        self.earlierAnchors = earlierAnchors
        self.firedEdges = firedEdges
        self.firedWarnings = firedWarnings
        self.tags = tags
    }

    /// A run of `plan` (a stopwatch by default) that was never started, as `status` shows a name
    /// that does not exist yet.
    public static func initial(_ name: StopwatchName, plan: Plan = .open, hook: ExpiryHook? = nil) -> StopwatchState {
        StopwatchState(name: name, plan: plan, hook: hook)
    }

    /// What it does with away time: its own policy, else its plan's.
    public var effectiveAwayPolicy: AwayPolicy { awayPolicy ?? plan.awayPolicy }
}
