import StopwatchCore

/// What a run shows of its away time: how long nobody was there while it counted, why
/// (`AwayCause`), and whether that time counts in it (`AwayPolicy`).
public struct AwayViewState: Sendable, Hashable {
    /// How long nobody was there while the run counted; zero for none.
    public var time: DurationViewState
    /// What the run does with it.
    public var policy: AwayPolicy
    /// How much of `time` was a locked screen's, and a stretch with no input's; the rest the
    /// machine slept.
    public var locked: DurationViewState = .zero
    public var idle: DurationViewState = .zero

    /// None yet, kept when there is: a stopwatch's.
    public static let none = AwayViewState(time: .zero, policy: .keep)

    public init(
        time: DurationViewState, policy: AwayPolicy, locked: DurationViewState = .zero, idle: DurationViewState = .zero
    ) {
        self.time = time
        self.policy = policy
        self.locked = locked
        self.idle = idle
    }

    /// `kept` or `dropped`: what became of the time, as a line says it.
    public var outcome: String {
        switch policy {
        case .keep: "kept"
        case .drop: "dropped"
        case .ask: "undecided"
        }
    }

    /// Whether the time waits for a person to decide what it is (`AwayPolicy.ask`): the bars mark it.
    public var isUndecided: Bool { policy == .ask && time.microseconds > 0 }

    /// This away time grown to `time` (a sleep in the running segment), its causes' parts as they were.
    func with(time: DurationViewState) -> AwayViewState {
        var away = self
        away.time = time
        return away
    }

    /// How much of `time` was for `cause`.
    public func time(_ cause: AwayCause) -> Int64 {
        cause.part(
            of: .microseconds(time.microseconds), locked: .microseconds(locked.microseconds),
            idle: .microseconds(idle.microseconds)
        ).wholeMicroseconds
    }

    /// The causes of the time, in `AwayCause`'s order: `suspend`, `lock`, `idle`.
    public var causes: [AwayCause] { AwayCause.allCases.filter { time($0) > 0 } }

    /// What a line says of it after the time: `(suspend, lock, kept)`.
    public var explanation: String {
        "(" + (causes.map(\.rawValue) + [outcome]).joined(separator: ", ") + ")"
    }
}
