/// The port for history: the changes it holds, each appended after what it changes and never
/// rewritten (`HistoryLog`), and the laps of the runs it keeps.
///
/// Adapters share the stopwatches' lock (`StopwatchStore`), so that a change to history and the
/// stopwatches it sets (an undo puts a stopwatch back, a correction moves the start of the one
/// running now) commit together, as one change, and make every change durable before they return.
public protocol HistoryStore: Sendable {
    /// History as it stands, for its runs: every change in the order it was made, or those made
    /// after a snapshot the store kept (`HistoryLog.Beginning`), lines that could not be read
    /// passed over and reported.
    func read() throws -> HistoryLog

    /// Reads history as `reading` says and lets `transform` decide, under the exclusive lock: it
    /// is given history and every stopwatch as it is now (those that cannot be read among the
    /// listing's failures), and returns the change to append with the stopwatches to set (nil:
    /// nothing is written). When `transform` throws `HistoryLog.Incomplete`, it is given more
    /// of history, at last the whole, and asked again; any other error is rethrown and nothing is
    /// written. Returns what was committed.
    @discardableResult
    func update(reading: HistoryReading, _ transform: (HistoryLog, StopwatchListing) throws -> HistoryCommit?) throws
        -> HistoryCommit?

    /// The laps `run` had when it was recorded (`RunRecord.recordedAs`); none for a run without.
    func laps(ofRun run: RunRecord) throws -> [Lap]
    /// The totals `compute` gives for `key`, which it works out from history as it stands: kept
    /// by the store and given again, without `compute`, while history has not changed since and
    /// the key is the same (a bar asks each second; history changes when a run ends). A store
    /// that keeps nothing calls `compute` each time.
    func totals(for key: TotalsKey, _ compute: () throws -> [PeriodTotal]) throws -> [PeriodTotal]
}

/// What totals of history are of: spans of time, the label whose completed phases count, and the
/// runs left out because stopwatches hold them (counted as runs in progress instead).
public struct TotalsKey: Sendable, Hashable {
    /// The periods totalled, wall-clock time since the Unix epoch, each a day or a week.
    public var spans: [Range<Duration>]
    /// The phase label whose completed phases are counted (`pomodoros`: `work`).
    public var label: String
    /// Sorted.
    public var hiding: [EventID]
    /// Where the totals' runs that reach past it are kept with them (`PeriodTotal.reaching`): the
    /// earliest start of the runs in progress; nil for none.
    public var reaching: Duration?

    /// The key of `spans`' totals, `label`'s phases counted, the runs of `hiding` left out, those
    /// `reaching` past an instant kept.
    public init(spans: [Range<Duration>], label: String, hiding: [EventID] = [], reaching: Duration? = nil) {
        self.spans = spans
        self.label = label
        self.hiding = hiding.sorted()
        self.reaching = reaching
    }
}

extension HistoryStore {
    /// `compute()`, kept nowhere.
    public func totals(for key: TotalsKey, _ compute: () throws -> [PeriodTotal]) throws -> [PeriodTotal] {
        try compute()
    }

    /// `update(reading: .runs, transform)`.
    @discardableResult
    public func update(_ transform: (HistoryLog, StopwatchListing) throws -> HistoryCommit?) throws -> HistoryCommit? {
        try update(reading: .runs, transform)
    }
}

/// What of history a change needs read.
public enum HistoryReading: Sendable, Hashable {
    /// Its runs: the changes since a kept snapshot, after it, are enough.
    case runs
    /// Its latest changes, read from the end back as far as asked (`undo`, `redo`).
    case latestChanges
}

/// What a change to history commits: the change, and the stopwatches it sets as it goes.
public struct HistoryCommit: Sendable, Hashable {
    /// The change appended to history.
    public var change: HistoryChange
    /// The stopwatches it sets, each before or after the change is appended, as it says.
    public var stopwatches: [StopwatchWrite]

    /// `change`, with the stopwatches it sets (none by default).
    public init(change: HistoryChange, stopwatches: [StopwatchWrite] = []) {
        self.change = change
        self.stopwatches = stopwatches
    }
}

/// A stopwatch a change to history sets: to `state`, or removed (nil), before or after the change
/// is appended, so that at every moment a run is held by its stopwatch or kept by history (an undo
/// that gives a stopwatch its run back sets it first; a redo that takes it away, after).
public struct StopwatchWrite: Sendable, Hashable {
    /// The stopwatch set.
    public var name: StopwatchName
    /// What it becomes; nil removes it.
    public var state: StopwatchState?
    /// Whether it is set before the change is appended (else after).
    public var beforeHistory: Bool
    /// An `undo` or `redo` putting a stopwatch back as a change found or left it: another
    /// machine's too (`StopwatchState.runsOnID`), which stays that machine's, as `delete` takes
    /// another machine's off. Any other write to another machine's stopwatch is refused.
    public var putsBack: Bool
    /// For a removal put back by `undo` or `redo`, the machine whose stopwatch it removes, as
    /// `StopwatchState.runsOnID` names it (nil: this machine's): another machine's of the name is
    /// not this machine's own in use.
    public var machine: String?

    /// `name` set to `state` (nil: removed, `machine`'s), before or after the change, putting it
    /// back or not.
    public init(
        name: StopwatchName, state: StopwatchState?, beforeHistory: Bool, putsBack: Bool = false, machine: String? = nil
    ) {
        self.name = name
        self.state = state
        self.beforeHistory = beforeHistory
        self.putsBack = putsBack
        self.machine = machine
    }
}
