import StopwatchCore

/// What a view shows of one stopwatch at one instant.
///
/// A value in two shared boxes, never changed: a change makes a new box. A live view maps a new
/// view state every 10 ms and passes it through its view model, publisher and view; as a plain
/// struct of a dozen strings, each of those hand-overs copied it whole, most of a tick's work. So
/// what changes while a stopwatch runs (its times, status and countdown) has a box of its own,
/// replaced on each tick, and the rest (name, laps, start) a box that a tick shares unchanged.
public struct StopwatchViewState: Sendable, Hashable {
    public var name: String {
        get { fixed.value.name }
        set { fixed = fixed.changed { $0.name = newValue } }
    }
    public var status: DisplayStatus {
        get { times.value.status }
        set { times = times.changed { $0.status = newValue } }
    }
    public var elapsed: DurationViewState {
        get { times.value.elapsed }
        set { times = times.changed { $0.elapsed = newValue } }
    }
    /// True when part of the time was estimated from the wall clock after a reboot.
    public var isEstimated: Bool {
        get { times.value.isEstimated }
        set { times = times.changed { $0.isEstimated = newValue } }
    }
    public var lapCount: Int {
        get { fixed.value.lapCount }
        set { fixed = fixed.changed { $0.lapCount = newValue } }
    }
    public var latestLap: LapViewState? {
        get { fixed.value.latestLap }
        set { fixed = fixed.changed { $0.latestLap = newValue } }
    }
    /// What the run offers besides start, pause, resume and reset (the Core's `offers`).
    public var actions: RunActions {
        get { fixed.value.actions }
        set { fixed = fixed.changed { $0.actions = newValue } }
    }
    /// The machine it runs on when another (`StopwatchState.runsOn`): its time is told from the
    /// wall clocks as of the last sync.
    public var runsOn: String? {
        get { fixed.value.runsOn }
        set { fixed = fixed.changed { $0.runsOn = newValue } }
    }
    /// RFC 3339 UTC time of the first start since the last reset.
    public var startedAt: String? {
        get { fixed.value.startedAt }
        set { fixed = fixed.changed { $0.startedAt = newValue } }
    }
    /// What a countdown adds (and a cycle of so many rounds, counting down to its end); nil for a
    /// stopwatch.
    public var countdown: CountdownViewState? {
        get { times.value.countdown }
        set { times = times.changed { $0.countdown = newValue } }
    }
    /// The phase a cycle is in; nil for a stopwatch or a countdown.
    public var phase: PhaseViewState? {
        get { times.value.phase }
        set { times = times.changed { $0.phase = newValue } }
    }
    /// A cycle's phase's time left: its duration minus the truncated time spent in it, at each
    /// precision, as a countdown's (`DurationTextMapper.left`); zero for a stopwatch.
    public var phaseLeft: DurationViewState { times.value.phaseLeft }
    /// How long a cycle's phase has waited past its end for `next`; zero unless it waits.
    public var phaseOver: DurationViewState { times.value.phaseOver }
    /// The share of a cycle's phase elapsed, in thousandths, truncated at the live line's
    /// precision (hundredths), as a countdown's `progressPermille`; zero for a stopwatch.
    public var phasePermille: Int { times.value.phasePermille }
    /// How long the machine slept while the run counted, and what the run does with that time.
    public var away: AwayViewState {
        get { times.value.away }
        set { times = times.changed { $0.away = newValue } }
    }
    /// What the run passed since the view state its view model published before this one (the
    /// Core's `events(since:at:)`): a countdown's zero, a cycle's edges and warnings. A live view
    /// rings its bell and writes its piped line for them; empty where nothing came to pass.
    public var events: [HookEvent] {
        get { times.value.events }
        set { times = times.changed { $0.events = newValue } }
    }
    /// What the time is told against, by the Core's rule (`ToldTime`), from its phase, end and
    /// status (`shown` renders it).
    public var told: ToldTime { times.value.told }

    /// Whether a person is told of what it passed by the bell and a piped line: a countdown's
    /// zero or a cycle's edge, not a phase's warning (its hook's alone).
    public var passedEdgeOrZero: Bool { times.value.passedEdgeOrZero }

    private var fixed: Box<Fixed>
    private var times: Box<Times>

    public init(
        name: String,
        status: DisplayStatus,
        elapsed: DurationViewState,
        isEstimated: Bool,
        lapCount: Int,
        latestLap: LapViewState?,
        startedAt: String?,
        actions: RunActions = [.lap],
        countdown: CountdownViewState? = nil,
        phase: PhaseViewState? = nil,
        phaseLeft: DurationViewState = .zero,
        phaseOver: DurationViewState = .zero,
        phasePermille: Int = 0,
        away: AwayViewState = .none
    ) {
        fixed = Box(
            Fixed(
                name: name, lapCount: lapCount, latestLap: latestLap, startedAt: startedAt, actions: actions,
                runsOn: nil))
        times = Box(
            Times(
                elapsed: elapsed, countdown: countdown, status: status, isEstimated: isEstimated, phase: phase,
                phaseLeft: phaseLeft, phaseOver: phaseOver,
                phasePermille: phasePermille, away: away
            )
        )
    }

    /// Sets what changes while a stopwatch runs, in a new box of times that shares the rest: the
    /// view state of an unchanged stopwatch at a later instant
    /// (`StopwatchUIMapper.viewState(_:refreshedFor:at:)`).
    mutating func setTimes(
        elapsed: DurationViewState, isEstimated: Bool, status: DisplayStatus, countdown: CountdownViewState?,
        phase: PhaseViewState?,
        phaseLeft: DurationViewState = .zero, phaseOver: DurationViewState = .zero, phasePermille: Int = 0,
        away: AwayViewState
    ) {
        times = Box(
            Times(
                elapsed: elapsed, countdown: countdown, status: status, isEstimated: isEstimated, phase: phase,
                phaseLeft: phaseLeft, phaseOver: phaseOver,
                phasePermille: phasePermille, away: away
            )
        )
    }

    /// True when `other` differs from this one at most in its times (elapsed, and a countdown's
    /// time left and over), as the same stopwatch at another instant does: whatever a line lays
    /// out around its time is the same for both.
    func differsOnlyInTimes(from other: Self) -> Bool {
        times.value.differsOnlyInTimes(from: other.times.value)
            && (fixed === other.fixed || fixed.value == other.fixed.value)
    }

    public static func == (left: Self, right: Self) -> Bool {
        // The times first: two view states of one stopwatch differ there first, if at all.
        (left.times === right.times || left.times.value == right.times.value)
            && (left.fixed === right.fixed || left.fixed.value == right.fixed.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(times.value)
        hasher.combine(fixed.value)
    }

    /// What a refresh at a later instant leaves as it is.
    private struct Fixed: Hashable, Sendable {
        var name: String
        var lapCount: Int
        var latestLap: LapViewState?
        var startedAt: String?
        var actions: RunActions
        var runsOn: String?
    }

    /// What a refresh at a later instant maps again.
    private struct Times: Hashable, Sendable {
        // The time first: two view states of one stopwatch differ there first, if at all.
        var elapsed: DurationViewState
        var countdown: CountdownViewState?
        var status: DisplayStatus
        var isEstimated: Bool
        var phase: PhaseViewState?
        var phaseLeft: DurationViewState
        var phaseOver: DurationViewState
        var phasePermille: Int
        var away: AwayViewState
        var events: [HookEvent] = []

        /// `StopwatchViewState.passedEdgeOrZero`, read in the box: asked on every tick.
        var passedEdgeOrZero: Bool {
            !events.isEmpty
                && events.contains {
                    guard case .edge(_, let edge, _) = $0 else { return true }
                    return !edge.isWarning
                }
        }

        /// The Core's rule of what the time is told against (`ToldTime`), read in the box: a
        /// live line asks it on every tick.
        var told: ToldTime {
            ToldTime(
                hasPhase: phase != nil, isWaiting: phase?.isWaiting == true, hasEnd: countdown != nil,
                endPassed: status == .expired)
        }

        /// `StopwatchViewState.differsOnlyInTimes(from:)` for the times. A method of the times
        /// themselves, so that they are read in their box: copying a countdown out of it would
        /// cost more than comparing it.
        func differsOnlyInTimes(from other: Times) -> Bool {
            guard status == other.status, isEstimated == other.isEstimated, away == other.away else { return false }
            if phase != nil || other.phase != nil {
                guard let mine = phase, let theirs = other.phase,
                    mine === theirs
                        || (mine.label == theirs.label && mine.number == theirs.number
                            && mine.isWaiting == theirs.isWaiting && mine.end == theirs.end),
                    phasePermille == other.phasePermille
                else { return false }
            }
            if let mine = countdown, let theirs = other.countdown { return mine.differsOnlyInTimes(from: theirs) }
            return countdown == nil && other.countdown == nil
        }
    }

    /// Shared between copies, and never changed: a change makes a new one.
    private final class Box<Value: Sendable>: Sendable {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }

        /// A new box holding a changed copy of the value.
        func changed(_ change: (inout Value) -> Void) -> Box {
            var value = value
            change(&value)
            return Box(value)
        }
    }
}
