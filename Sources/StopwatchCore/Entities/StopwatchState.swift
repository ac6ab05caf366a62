/// Everything needed to tell a stopwatch's time and record its next lap.
///
/// A countdown is a stopwatch with a `countdown` duration: it measures elapsed time the same way,
/// and its remaining time is the countdown minus that (see `StopwatchState+Countdown`). A cycle is
/// a stopwatch with a `sequence` of phases: which phase it is in follows from its elapsed time
/// (see `StopwatchState+Sequence`), and one with a number of rounds ends as a countdown does.
///
/// Elapsed time is never counted; it is `accumulated` plus the interval since `runningSince`. The
/// state holds the lap count and the latest lap but not the whole lap history, so reading it costs
/// the same however many laps there are.
public struct StopwatchState: Sendable, Hashable {
    public var name: StopwatchName
    public var status: StopwatchStatus
    /// Time counted in finished running segments.
    public var accumulated: Duration
    /// When the current running segment began; nil unless running.
    public var runningSince: TimeReading?
    /// True once any counted time had to be estimated from the wall clock (after a reboot).
    public var isEstimated: Bool
    public var lapCount: Int
    public var latestLap: Lap?
    /// Wall-clock time of the first start since the last reset, since the Unix epoch.
    public var startedAt: Duration?
    /// The full duration of a countdown; nil for a stopwatch. Kept across reset.
    public var countdown: Duration?
    /// What a countdown does at zero, until it is claimed; nil for a stopwatch. Kept across reset.
    public var hook: ExpiryHook?
    /// The phases a cycle runs through; nil for a stopwatch or a countdown. Kept across reset.
    public var sequence: PhaseSequence? {
        get { isCycle ? sequenceBox.sequence : nil }
        set { sequenceBox = newValue.map(SequenceBox.init) ?? .none }
    }
    /// `sequence`, held by reference, `SequenceBox.none` for none: an optional of the sequence, or
    /// even of a reference, is a type the runtime makes at first use, which every command would pay
    /// for (10,000 instructions each). Read it, not `sequence`, on a path every command takes.
    var sequenceBox = SequenceBox.none
    /// Where a cycle's phases are counted from, once `next` moved it; nil from phase 0 at zero.
    public var phaseAnchor: PhaseAnchor?
    /// How many of a cycle's edges its hook has been claimed for (`ClaimExpiryHookUseCase`): the
    /// ends of phases `0..<firedEdges`. Zero after a reset.
    public var firedEdges = 0
    /// How many of a cycle's phases have had their warning claimed (`PhaseSequence.warning`):
    /// phases `0..<firedWarnings`, a phase too short for one counted too. Zero after a reset.
    public var firedWarnings = 0

    public init(
        name: StopwatchName,
        status: StopwatchStatus = .initial,
        accumulated: Duration = .zero,
        runningSince: TimeReading? = nil,
        isEstimated: Bool = false,
        lapCount: Int = 0,
        latestLap: Lap? = nil,
        startedAt: Duration? = nil,
        countdown: Duration? = nil,
        hook: ExpiryHook? = nil,
        sequence: PhaseSequence? = nil,
        phaseAnchor: PhaseAnchor? = nil,
        firedEdges: Int = 0,
        firedWarnings: Int = 0
    ) {
        self.name = name
        self.status = status
        self.accumulated = accumulated
        self.runningSince = runningSince
        self.isEstimated = isEstimated
        self.lapCount = lapCount
        self.latestLap = latestLap
        self.startedAt = startedAt
        self.countdown = countdown
        self.hook = hook
        if let sequence { self.sequenceBox = SequenceBox(sequence) }
        self.phaseAnchor = phaseAnchor
        self.firedEdges = firedEdges
        self.firedWarnings = firedWarnings
    }

    /// A stopwatch (or, with `countdown`, a countdown) that was never started, as `status` shows a
    /// name that does not exist yet.
    public static func initial(_ name: StopwatchName, countdown: Duration? = nil, hook: ExpiryHook? = nil, sequence: PhaseSequence? = nil) -> StopwatchState {
        // Field by field: the memberwise initializer with its defaulted arguments cost every
        // command about 5,000 instructions more at start-up (callgrind, scripts/bench-startup.sh).
        var state = StopwatchState(name: name)
        state.countdown = countdown
        if let hook { state.hook = hook }
        if let sequence { state.sequenceBox = SequenceBox(sequence) }
        return state
    }
}

/// A cycle's `PhaseSequence`, held by reference in its state (`StopwatchState.sequenceBox`).
final class SequenceBox: Sendable, Hashable {
    /// What a stopwatch or a countdown holds: no sequence.
    static let none = SequenceBox(PhaseSequence(phases: []))

    let sequence: PhaseSequence

    init(_ sequence: PhaseSequence) {
        self.sequence = sequence
    }

    static func == (left: SequenceBox, right: SequenceBox) -> Bool {
        left === right || left.sequence == right.sequence
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(sequence)
    }
}
