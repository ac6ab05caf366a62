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

    /// `booked`, a run's time counted under `old`, counted under this policy instead: `away` added
    /// when this keeps what `old` dropped, taken out (never below zero) when this drops what `old`
    /// kept. The one rule of deciding after the fact (`edit --away`), for a stopwatch and a record.
    public func rebooking(_ booked: Duration, away: Duration, from old: AwayPolicy) -> Duration {
        switch (old, self) {
        case (.keep, .drop): max(.zero, booked - away)
        case (.drop, .keep): booked + away
        case (.keep, .keep), (.drop, .drop): booked
        }
    }
}
