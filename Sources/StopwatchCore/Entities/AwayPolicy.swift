/// What a run does with the time the machine slept while it ran (`TimeReading.asleep`): away time.
///
/// Either way the stretch is kept on the run (`StopwatchState.away(at:)`, `RunRecord.away`), so
/// history can tell it apart and a later choice can turn it round. Each plan has a default
/// (`Plan.awayPolicy`); a run may be given another (`start --away`, `timer --away`,
/// `cycle --away`).
public enum AwayPolicy: String, Sendable, Hashable, CaseIterable {
    /// The time slept counts, as the wall clock does: a stopwatch's and a countdown's default (a
    /// countdown to a train runs on while the lid is shut).
    case keep
    /// The time slept does not count: the run stands still while the machine sleeps, and picks up
    /// where it was. A cycle's default: a pomodoro does not run while you sleep.
    case drop
    /// The time counts, as with `keep`, until a person decides what each stretch is (`edit RUN
    /// --away keep|drop`, or the away watcher's notification): meanwhile it is undecided
    /// (`StopwatchState.undecidedAway(at:)`), which the bars mark. A decision takes the stretches
    /// so far; a later one asks again.
    case ask

    /// Whether away time counts in the run's time under this policy: `keep`'s, and `ask`'s until
    /// decided.
    public var counts: Bool { self != .drop }

    /// How much of `away` a run under this policy counts in its time, `dropped` of it decided so
    /// under `ask` (`StopwatchState.awayDropped`): all of it kept, none dropped, the rest asked.
    public func counted(_ away: Duration, dropped: Duration = .zero) -> Duration {
        switch self {
        case .keep: away
        case .drop: .zero
        case .ask: max(.zero, away - dropped)
        }
    }

    /// `booked`, a run's time counted under `old` (`dropped` of its away time decided so under
    /// `ask`), counted under this policy instead, from the run's start: what this counts of `away`
    /// added, what `old` counted taken out, never below zero. Under `ask` all of it is undecided
    /// again. The one rule of a run's policy changed after the fact (`edit --away`), for a
    /// stopwatch and a record.
    public func rebooking(
        _ booked: Duration, away: Duration, dropped: Duration = .zero, from old: AwayPolicy
    ) -> Duration {
        max(.zero, booked - old.counted(away, dropped: dropped) + counted(away))
    }
}
