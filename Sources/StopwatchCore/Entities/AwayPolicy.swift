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
}
