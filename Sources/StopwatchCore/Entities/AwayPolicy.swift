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
    /// The time counts, as with `keep`, until a person decides (`edit RUN --away keep|drop`):
    /// meanwhile the run's away time is undecided (`StopwatchState.isUndecided(at:)`), which the
    /// bars mark and the away watcher's notification asks about.
    case ask

    /// Whether away time counts in the run's time under this policy: `keep`'s, and `ask`'s until
    /// decided.
    public var counts: Bool { self != .drop }

    /// `booked`, a run's time counted under `old`, counted under this policy instead: `away` added
    /// when this counts what `old` dropped, taken out (never below zero) when this drops what `old`
    /// counted. The one rule of deciding after the fact (`edit --away`), for a stopwatch and a record.
    public func rebooking(_ booked: Duration, away: Duration, from old: AwayPolicy) -> Duration {
        switch (old.counts, counts) {
        case (true, false): max(.zero, booked - away)
        case (false, true): booked + away
        case (true, true), (false, false): booked
        }
    }
}
