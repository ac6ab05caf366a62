/// A run as a command names it: by its id (a prefix of one, as git takes a commit's), or by a
/// stopwatch's name: the run it holds now, else the latest of its runs in history.
public enum RunReference: Sendable, Hashable {
    case id(String)
    case name(StopwatchName)
    /// The run in progress when one stopwatch holds one, else the latest run to end.
    case latest

    /// `text` as a reference: 4 to 32 hex digits are an id's first digits, unless no run's id
    /// begins with them and a stopwatch or run has that name (`RunLookup`); anything else a name.
    public init?(_ text: String) {
        if EventID.isPrefix(text) {
            self = .id(text.lowercased())
        } else if let name = StopwatchName(text) {
            self = .name(name)
        } else {
            return nil
        }
    }
}

/// History's runs and the runs in progress, as corrections find them: `find` is the one rule of
/// what a `RunReference` names.
public struct RunLookup: Sendable {
    /// The runs history keeps (those a stopwatch still holds left out), in the order added.
    public var kept: [RunRecord]
    /// Each stopwatch's run in progress, as read now.
    public var current: [RunRecord]

    public init(kept: [RunRecord], current: [RunRecord]) {
        self.kept = kept
        self.current = current
    }

    /// History as `log` holds it with `stopwatches`' runs in progress, read at `now`.
    public init(_ log: HistoryLog, stopwatches: [StopwatchState], at now: TimeReading) {
        current = stopwatches.compactMap { state in
            guard var run = state.rebased(at: now).record(endedAt: now) else { return nil }
            run.current = state.status
            return run
        }
        kept = log.runs(hiding: Set(current.map(\.id))).runs
    }

    public var all: [RunRecord] { kept + current }

    /// The run `reference` names. An id that begins no run's, and names no stopwatch or run, is
    /// `StopwatchError.noSuchRunID`; one that begins several runs' is
    /// `StopwatchError.ambiguousRunID`, with them; a name with no run is
    /// `StopwatchError.unknownName`.
    public func find(_ reference: RunReference) throws(StopwatchError) -> RunRecord {
        switch reference {
        case .id(let prefix):
            let matches = all.filter { $0.id.hasPrefix(prefix) }
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 { throw .ambiguousRunID(prefix, candidates: matches.sorted { $0.startedAt > $1.startedAt }) }
            // Hex digits that begin no id may be a name.
            if let name = StopwatchName(prefix), all.contains(where: { $0.name == name }) { return try find(.name(name)) }
            throw .noSuchRunID(prefix)
        case .latest:
            if current.count > 1 { throw .ambiguousRunID("", candidates: current.sorted { $0.startedAt > $1.startedAt }) }
            if let run = current.first { return run }
            guard let latest = kept.max(by: { $0.endedAt < $1.endedAt }) else { throw .noSuchRunID("") }
            return latest
        case .name(let name):
            if let run = current.first(where: { $0.name == name }) { return run }
            guard let latest = kept.filter({ $0.name == name }).max(by: { $0.startedAt < $1.startedAt }) else {
                throw .unknownName(name, known: Set(all.map(\.name)).sorted())
            }
            return latest
        }
    }

    /// The run of `run`'s name, other than it, whose span overlaps `start..<end`, if any: no two
    /// runs of one name overlap.
    public func overlapping(_ run: RunRecord, start: Duration, end: Duration, except others: [EventID] = []) -> RunRecord? {
        all.first { other in
            other.name == run.name && other.id != run.id && !others.contains(other.id) && other.startedAt < end && start < other.endedAt
        }
    }
}
