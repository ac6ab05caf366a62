/// Where a run stands against its plan at one instant: the one reading of progress every surface
/// renders (the lines, tables, bars, templates, JSON and hooks); none computes an end or a phase
/// of its own.
///
/// Plan-agnostic: a run has an end, a phase, both or neither, and what reads it asks for those,
/// not for the kind of its plan. It is read from the elapsed time (`StopwatchState.progress(at:)`),
/// which never decreases, so a run is in the right phase, and has the right time left, after a
/// suspend or a reboot, and estimated as its elapsed time is.
public struct PlanProgress: Sendable, Hashable {
    /// Progress towards the run's end: a countdown's zero, or the end of a cycle of so many
    /// rounds (`SequenceProgress.planEnd`, which `next` moves); nil for a stopwatch or a cycle
    /// that repeats until stopped.
    public var end: CountdownProgress?
    /// Where a cycle is: its phase, round, time in and left, whether it waits for a person; nil
    /// for a run without phases.
    public var phase: SequenceProgress?

    /// Progress towards `end` and in `phase` (neither for a stopwatch).
    public init(end: CountdownProgress? = nil, phase: SequenceProgress? = nil) {
        self.end = end
        self.phase = phase
    }

    /// A stopwatch's: its elapsed time is all there is to read.
    public static let open = PlanProgress()

    /// True once the run's end has passed (a countdown's zero, a cycle's last phase).
    public var isExpired: Bool { end?.isExpired ?? false }
}
