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
    /// `report --count LABEL` with a label no cycle of the runs counted has, with those they have.
    case unknownPhaseLabel(String, known: [String])
    /// `laps NAME --run N` with fewer than `N` runs of `NAME` kept in history (`kept`); those
    /// `on` recorded when one machine's were asked for (`laps NAME@MACHINE --run N`).
    case noSuchRun(StopwatchName, Int, kept: Int, on: String? = nil)
    /// `operation` told to have happened `ago` before `now` (`pause --ago`), further back than
    /// `furthest`: before the running segment began or the latest lap was recorded. Nothing was
    /// changed.
    case backdateTooFar(StopwatchOperation, StopwatchState, ago: Duration, furthest: Duration, at: TimeReading)
    /// A moment told after the fact (a start, a block's end) that is after `now`.
    case inTheFuture(Duration, now: Duration)
    /// A bare time of day that would put a start more than 12 hours back, or make a block more than
    /// 12 hours long (`length`): what was meant is not plain, so it is given with its date. `start`
    /// and `end` are where the bare times fell (`end` nil for a start alone).
    case needsDate(start: Duration, end: Duration?, length: Duration)
    /// A block, or a run corrected, whose end would come before its start.
    case endBeforeStart(start: Duration, end: Duration)
    /// An id typed that begins no run's id (and names no stopwatch or run).
    case noSuchRunID(String)
    /// An id typed that begins the ids of several runs: they, newest first.
    case ambiguousRunID(String, candidates: [RunRecord])
    /// A run corrected, tracked or joined (`run`, as it would be) that would overlap `other`, a
    /// run of the same name.
    case overlap(RunRecord, other: RunRecord)
    /// A correction that would leave a run less than nothing: moving its start later, or its end
    /// earlier, by more than it counted (`run` as it is).
    case lessThanNothing(RunRecord)
    /// A correction that would move the start of a run in progress later than its latest lap, or
    /// than a cycle's phase last changed (`next`, `timer --add`), which stand: at most `furthest`
    /// later (`run` as it is).
    case startPastSplit(RunRecord, by: Duration, furthest: Duration)
    /// A correction a run in progress does not take (`split`, `join`, `rename`): its stopwatch,
    /// holding it, is named `name`, and runs on the machine `on` where that is another.
    case runInProgress(StopwatchName, HistoryChange.Kind, on: String? = nil)
    /// `join` of runs that cannot be one, and why (`JoinRefusal`).
    case cannotJoin(RunRecord, RunRecord, because: JoinRefusal)
    /// `edit --away-as NAME` of a run with no away stretch to give: one that has ended,
    /// or has none booked since it last gave one away.
    case noAwayStretch(StopwatchName)
    /// `edit --away-as NAME` of a run lapped, or whose cycle's phase was changed, after the time
    /// its last stretch counted: those stand, so the stretch cannot leave its time.
    case awayBeforeSplit(StopwatchName)
    /// An answer to a notification about a run's away time, when none of what it named is
    /// undecided any more (answered twice, or decided by `edit --away` first).
    case nothingUndecided(RunRecord)
    /// `edit --end` of a stopwatch paused by a version that kept no time of its pause.
    case pauseUnknown(StopwatchName)
    /// `split RUN WHEN` at an instant not within the run.
    case notWithin(RunRecord, Duration)
    /// `undo` with no change to undo, or `redo` with no undo to take back.
    case nothingToUndo(redo: Bool)
    /// `undo` (or `redo`) of `change`, whose stopwatch has changed since (`now`): putting it back
    /// would lose that.
    case changedSince(HistoryChange, StopwatchState?)
    /// `undo` (or `redo`) putting back `name` with its laps, which another machine kept with the
    /// change and which have not reached this one yet (a sync engine carries files in any order):
    /// nothing is changed, and it can be done once they have.
    case lapsNotHereYet(StopwatchName)
    /// A change to a stopwatch that runs on another machine (`StopwatchState.runsOn`, `machine`),
    /// shared through a synced state directory: only that machine changes it.
    case runsElsewhere(StopwatchName, machine: String)
    /// No stopwatch of that name on the machine named (`work@desktop`); `keptOn` are the machines
    /// that keep one of the name, nil for this machine.
    case noSuchStopwatchOn(StopwatchName, machine: String, keptOn: [String?])
}
