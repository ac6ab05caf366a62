/// What a run follows: nothing but its elapsed time (a stopwatch), one duration (a countdown), or
/// a sequence of phases (a cycle).
///
/// A run's every reading follows from its plan and its elapsed time alone
/// (`StopwatchState.progress(at:)`); the plan is kept across a reset, so a reset run starts the
/// same plan over.
public enum Plan: Sendable, Hashable {
    /// A stopwatch: it counts up until stopped.
    case open
    /// A countdown of this duration; past it, the time counts as overtime.
    case countdown(Duration)
    /// A cycle through these phases; with a number of rounds, it ends as a countdown does.
    case sequence(PhaseSequence)
}

extension Plan {
    /// Whether `other` is a plan of the same kind, whatever its figures: a name is reusable by a
    /// run of the same kind (`StopwatchState.replacing(_:forcing:at:)`).
    public func isSameKind(as other: Plan) -> Bool {
        switch (self, other) {
        case (.open, .open), (.countdown, .countdown), (.sequence, .sequence): true
        case (.open, _), (.countdown, _), (.sequence, _): false
        }
    }

    /// What creating a run of this plan under a name in use is, as a refusal names it.
    public var creation: StopwatchOperation {
        switch self {
        case .open: .start
        case .countdown: .createCountdown
        case .sequence: .createCycle
        }
    }

    /// What a run of it does with away time unless told otherwise: a stopwatch and a countdown
    /// keep it, a cycle drops it (its phase stands still while the machine sleeps).
    public var awayPolicy: AwayPolicy {
        switch self {
        case .open, .countdown: .keep
        case .sequence: .drop
        }
    }

    /// True for a cycle's.
    public var isSequence: Bool {
        if case .sequence = self { return true }
        return false
    }
}
