/// A run as history keeps it once it has ended: what it followed, when it began and ended, and the
/// time it counted, as `status` showed it at its end.
///
/// A run is a stopwatch's time from its first start to the change that throws that start away: a
/// reset, a restart, a countdown or cycle replaced, a dismissal, a deletion
/// (`StopwatchState.endsRun(by:)`). It is recorded by the same locked change, so that a power
/// cut leaves it either still current or in history, never both and never neither.
public struct RunRecord: Sendable, Hashable {
    public var name: StopwatchName
    public var plan: Plan
    /// Wall-clock time of the run's first start, since the Unix epoch: with the name, what tells
    /// one run from another.
    public var startedAt: Duration
    /// Wall-clock time of the change that ended it.
    public var endedAt: Duration
    /// The elapsed time at its end, as `status` counted it (paused time left out).
    public var elapsed: Duration
    /// True when part of `elapsed` was estimated from the wall clock across a reboot.
    public var isEstimated: Bool
    public var lapCount: Int
    /// How many of a cycle's phases had ended (`StopwatchState.edgesPassed`); zero otherwise.
    public var phasesEnded: Int
    /// For a cycle, the time each of its first phases took, from phase 0, against the plan's
    /// lengths (`PhaseSequence.phaseTimes`): the last is the phase it was in at its end. Empty otherwise.
    public var phaseTimes: [Duration] = []
    /// Its tags, sorted (`Tag`).
    public var tags: [String] = []
    /// The UTC offsets the local time zone had at the start and at the end: what history stamps
    /// a run with as it records it (zero until then), so a report shows the local times they were.
    public var startOffset = Duration.zero
    public var endOffset = Duration.zero
    /// Nil for a run that ended; for the run a stopwatch holds now, which history's answers show
    /// too, its status (running or paused), `endedAt` being the time it was read.
    public var current: StopwatchStatus?

    public init(
        name: StopwatchName, plan: Plan, startedAt: Duration, endedAt: Duration, elapsed: Duration, isEstimated: Bool, lapCount: Int,
        phasesEnded: Int = 0
    ) {
        self.name = name
        self.plan = plan
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.elapsed = elapsed
        self.isEstimated = isEstimated
        self.lapCount = lapCount
        self.phasesEnded = phasesEnded
    }
}
