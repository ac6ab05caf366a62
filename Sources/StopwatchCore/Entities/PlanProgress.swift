/// Where a run stands against its plan at one instant: the one reading of progress every surface
/// renders (the lines, tables, bars, templates, JSON and hooks); none computes an end or a phase
/// of its own.
///
/// It is read from the elapsed time (`StopwatchState.progress(at:)`), which never decreases, so
/// a run is in the right phase, and has the right time left, after a suspend or a reboot, and
/// estimated as its elapsed time is.
public enum PlanProgress: Sendable, Hashable {
    /// A stopwatch's: its elapsed time is all there is to read.
    case open
    /// A countdown's: its time left, or its overtime.
    case countdown(CountdownProgress)
    /// A cycle's: its phase, and when it has a number of rounds, its progress towards its end
    /// (`SequenceProgress.planEnd`: the elapsed time at which its last phase ends, which `next`
    /// moves). One value, not a pair: a tuple's type is one the runtime makes at first use,
    /// which a cycle's every `status` paid for.
    case sequence(SequenceProgress)

    /// Progress towards the run's end: a countdown's, or a cycle's of so many rounds; nil for a
    /// stopwatch or a cycle that repeats until stopped.
    public var end: CountdownProgress? {
        switch self {
        case .open: nil
        case .countdown(let progress): progress
        case .sequence(let cycle): cycle.planEnd
        }
    }

    /// True once the run's end has passed (a countdown's zero, a cycle's last phase).
    public var isExpired: Bool { end?.isExpired ?? false }
}
