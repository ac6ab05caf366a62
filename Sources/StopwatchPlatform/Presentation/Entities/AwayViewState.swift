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
    /// Under `ask`, how much of `time`, from the first, a person decided, and how much of that
    /// was dropped (`StopwatchState.awayDecided`, `awayDropped`); zero under another policy.
    public var decided: DurationViewState = .zero
    public var decidedDropped: DurationViewState = .zero

    /// None yet, kept when there is: a stopwatch's.
    public static let none = AwayViewState(time: .zero, policy: .keep)

    public init(
        time: DurationViewState, policy: AwayPolicy, locked: DurationViewState = .zero, idle: DurationViewState = .zero,
        decided: DurationViewState = .zero, decidedDropped: DurationViewState = .zero
    ) {
        self.time = time
        self.policy = policy
        self.locked = locked
        self.idle = idle
        self.decided = decided
        self.decidedDropped = decidedDropped
    }

    /// How much of `time` waits for a person to decide what it is (`AwayPolicy.ask`), in
    /// microseconds: the bars mark a run with some.
    public var undecided: Int64 { policy == .ask ? max(0, time.microseconds - decided.microseconds) : 0 }

    /// How much of `time` is out of the run's time, in microseconds: all of it under `drop`, what
    /// was decided dropped under `ask`.
    public var dropped: Int64 {
        switch policy {
        case .keep: 0
        case .drop: time.microseconds
        case .ask: decidedDropped.microseconds
        }
    }

    /// What became of the time, as a line says it: `kept`, `dropped`, `undecided`, or under `ask`
    /// decided in part, each part: `00:20.00 dropped, 00:27.00 undecided` (the rest kept).
    public var outcome: String {
        switch policy {
        case .keep: return "kept"
        case .drop: return "dropped"
        case .ask:
            let whole = time.microseconds
            let parts = [(dropped, "dropped"), (undecided, "undecided")].filter { $0.0 > 0 }
            guard !parts.isEmpty else { return "kept" }
            return parts.map { part, word in
                part == whole ? word : Self.time(part).clock + " " + word
            }.joined(separator: ", ")
        }
    }

    /// `undecided` as a time a line shows.
    public var undecidedTime: DurationViewState { Self.time(undecided) }

    /// `microseconds`, not below zero, as a time a line shows, truncated as every time shown is.
    private static func time(_ microseconds: Int64) -> DurationViewState {
        DurationViewState(
            centiseconds: microseconds / 10_000, milliseconds: microseconds / 1000, microseconds: microseconds)
    }

    /// Whether some of the time waits for a person to decide what it is: the bars mark it.
    public var isUndecided: Bool { undecided > 0 }

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
