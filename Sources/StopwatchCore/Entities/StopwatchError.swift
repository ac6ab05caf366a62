/// The ways a stopwatch command can be refused by the rules, as opposed to failing in storage.
///
/// Each case carries the facts, not a sentence: the Platform's `MessageMapper` says what went
/// wrong and what to type instead, with times formatted as everywhere else.
public enum StopwatchError: Error, Sendable, Hashable {
    /// `operation` does not apply to `state` as it was at `now`; nothing was changed.
    case notApplicable(StopwatchOperation, StopwatchState, at: TimeReading)
    /// The stopwatch was never created (or was deleted).
    case noSuchStopwatch(StopwatchName)
    /// The stopwatch disappeared while a command was following it (`wait`).
    case deleted(StopwatchName)
    /// A lap label that breaks the rule of `Lap.problem(withLabel:)`.
    case invalidLabel(String, LabelProblem)
    /// The stopwatch holds as many laps as a count can number.
    case lapLimitReached(StopwatchName)
    /// A name that no stopwatch and no run in history has (`history NAME`, `report NAME`), with
    /// the names there are, for the closest.
    case unknownName(StopwatchName, known: [StopwatchName])
    /// `laps NAME --run N` with fewer than `N` runs of `NAME` kept in history (`kept`).
    case noSuchRun(StopwatchName, Int, kept: Int)
    /// `operation` told to have happened `ago` before `now` (`pause --ago`), further back than
    /// `furthest`: before the running segment began or the latest lap was recorded. Nothing was
    /// changed.
    case backdateTooFar(StopwatchOperation, StopwatchState, ago: Duration, furthest: Duration, at: TimeReading)
}
