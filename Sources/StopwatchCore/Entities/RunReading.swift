/// One reading of a run at one instant (`StopwatchState.reading(at:)`): what every surface shows
/// of it, decided in the Core. Its status as a person reads it, its elapsed time, where it stands
/// against its plan (its end, its phase and round, and with them when each runs out), and which
/// time it tells and which way.
///
/// A view state is a flat rendering of it. What comes next is asked of the state, at the same
/// instant: `nextEvent(at:)` (when a surface must look again), `events(since:at:)` (what the run
/// passed: a hook's and a bell's events) and `offers(_:)` (the commands its plan takes).
public struct RunReading: Sendable, Hashable {
    /// What a run is doing as a person reads it: the stored status, but `expired` for a run at or
    /// past its end (running or paused), and `waiting` for a running cycle whose next phase waits
    /// for a person.
    public enum Status: Sendable, Hashable, CaseIterable {
        /// Never started, or reset.
        case initial
        /// Counting, short of its end.
        case running
        /// Stopped short of its end.
        case paused
        /// At or past its end, running or paused (paused, its overtime stands still).
        case expired
        /// A running cycle whose phase has ended, its next phase waiting for `next`: its time
        /// counts on as overtime, but nothing ends until a person acts.
        case waiting

        /// The one rule: `stored`, unless the end has passed (`endPassed`; not for a run reset or
        /// never started) or a running cycle waits for a person (`waiting`).
        public init(_ stored: StopwatchStatus, endPassed: Bool, waiting: Bool) {
            if endPassed, stored != .initial {
                self = .expired
                return
            }
            switch stored {
            case .initial: self = .initial
            case .paused: self = .paused
            case .running: self = waiting ? .waiting : .running
            }
        }

        /// True while its time moves on: running, or waiting for a person.
        public var isCounting: Bool { self == .running || self == .waiting }
    }

    /// What it is doing (the one rule, `Status.init(_:endPassed:waiting:)`).
    public var status: Status
    /// Its elapsed time, read from the clocks at the reading's moment.
    public var elapsed: ElapsedTime
    /// Its end and its phase (nil where its plan has none).
    public var progress: PlanProgress
    /// Which time it tells, and which way (the view state applies the same rule to what it holds).
    public var told: ToldTime

    /// A reading of these parts; `StopwatchState.reading(at:)` makes the one a run has.
    public init(status: Status, elapsed: ElapsedTime, progress: PlanProgress, told: ToldTime) {
        self.status = status
        self.elapsed = elapsed
        self.progress = progress
        self.told = told
    }
}
