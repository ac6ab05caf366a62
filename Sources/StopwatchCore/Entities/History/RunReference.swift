/// A run as a command names it: by its id (a prefix of one, as git takes a commit's), or by a
/// stopwatch's name: the run it holds now, else the latest of its runs in history.
public enum RunReference: Sendable, Hashable {
    /// An id, or a prefix of one of at least `EventID.minimumPrefix` hex digits.
    case id(String)
    /// A stopwatch's name: its run in progress, else its latest run in history.
    case name(StopwatchName)
    /// A name as the machine called so keeps it (`work@desktop`): that machine's run in progress of
    /// the name, else the latest run of the name it recorded.
    case nameOn(StopwatchName, machine: String)
    /// The run in progress when one stopwatch holds one, else the latest run to end.
    case latest

    /// `text` as a reference: 4 to 32 hex digits are an id's first digits, unless no run's id
    /// begins with them and a stopwatch or run has that name (`RunLookup`); NAME@MACHINE a name on
    /// a machine; anything else a name.
    public init?(_ text: String) {
        if EventID.isPrefix(text) {
            self = .id(text.lowercased())
        } else if let name = StopwatchName(text) {
            self = .name(name)
        } else if let (name, machine) = StopwatchName.onMachine(text), let machine {
            self = .nameOn(name, machine: machine)
        } else {
            return nil
        }
    }
}

/// History's runs and the runs in progress, as corrections find them: `find` is the one rule of
/// what a `RunReference` names.
///
/// History's runs are searched in its snapshot (`HistorySnapshot`), by id, by name and by span,
/// so that a correction among a hundred thousand runs reads a few (a snapshot file with an index
/// reads a few of its pages) and makes a `RunRecord` only of those it finds.
public struct RunLookup: Sendable {
    /// The runs history keeps, by position, those taken out included.
    private let snapshot: HistorySnapshot
    /// The ids of the runs a stopwatch holds: history's record of one is not kept but current.
    private let hidden: Set<EventID>
    /// Each stopwatch's run in progress, as read now.
    public let current: [RunRecord]
    /// What this machine calls itself (`StopwatchListing.machine`): its runs in progress carry no
    /// machine.
    private var machine: String? = nil

    /// A lookup among the runs history `kept` and those in progress now (`current`).
    public init(kept: [RunRecord], current: [RunRecord]) {
        snapshot = HistorySnapshot(runs: kept)
        hidden = []
        self.current = current
    }

    /// History as `log` holds it with `stopwatches`' runs in progress, read at `now`; `machine`
    /// is what this machine calls itself.
    public init(_ log: HistoryLog, stopwatches: [StopwatchState], on machine: String? = nil, at now: TimeReading) {
        self.machine = machine
        current = RunRecord.inProgress(stopwatches, at: now)
        snapshot = log.snapshot()
        hidden = Set(current.map(\.id))
    }

    /// Whether the run at `index` is one history keeps: not taken out, nor held by a stopwatch.
    private func isKept(_ index: Int) -> Bool {
        !snapshot.isRemoved(at: index) && (hidden.isEmpty || !hidden.contains(snapshot.id(at: index)))
    }

    /// The runs history keeps, in the order added (those a stopwatch still holds left out).
    public var kept: [RunRecord] { snapshot.held(hiding: hidden).map(snapshot.run(at:)) }

    /// Every run: kept, then current. Made whole: for an import, which checks against each.
    public var all: [RunRecord] { kept + current }

    /// The run `reference` names. An id that begins no run's, and names no stopwatch or run, is
    /// `StopwatchError.noSuchRunID`; one that begins several runs' is
    /// `StopwatchError.ambiguousRunID`, with them; a name with no run is
    /// `StopwatchError.unknownName`.
    public func find(_ reference: RunReference) throws(StopwatchError) -> RunRecord {
        switch reference {
        case .id(let prefix):
            let matcher = EventID.Prefix(prefix)
            let matches =
                snapshot.positions(withIDPrefix: matcher).filter(isKept).map(snapshot.run(at:))
                + current.filter { $0.id.hasPrefix(prefix) }
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 {
                throw .ambiguousRunID(prefix, candidates: matches.sorted { $0.startedAt > $1.startedAt })
            }
            // Hex digits that begin no id may be a name.
            if let name = StopwatchName(prefix), has(name) { return try find(.name(name)) }
            throw .noSuchRunID(prefix)
        case .latest:
            if current.count > 1 {
                throw .ambiguousRunID("", candidates: current.sorted { $0.startedAt > $1.startedAt })
            }
            if let run = current.first { return run }
            guard let latest = snapshot.latestEnded(where: isKept) else { throw .noSuchRunID("") }
            return snapshot.run(at: latest)
        case .name(let name):
            // This machine's own first: another's of the name is `nameOn`.
            if let run = current.first(where: { $0.name == name && $0.machine == nil })
                ?? current.first(where: { $0.name == name })
            {
                return run
            }
            guard let latest = snapshot.latest(named: name, where: isKept) else {
                // Every name there is, for the closest to be told: a slip's answer, read whole.
                let held = snapshot.held(hiding: hidden)
                throw .unknownName(name, known: Set(held.map(snapshot.name(at:)) + current.map(\.name)).sorted())
            }
            return snapshot.run(at: latest)
        case .nameOn(let name, let machine):
            return try find(name, on: machine)
        }
    }

    /// `machine`'s run in progress of `name`, else the latest it recorded; neither is
    /// `StopwatchError.noSuchStopwatchOn`, with the machines that have one.
    private func find(_ name: StopwatchName, on machine: String) throws(StopwatchError) -> RunRecord {
        // This machine's runs in progress carry no machine: it is the one it calls itself.
        if let run = current.first(where: { $0.name == name && ($0.machine ?? self.machine) == machine }) { return run }
        if let latest = snapshot.latest(named: name, where: { isKept($0) && snapshot.run(at: $0).machine == machine }) {
            return snapshot.run(at: latest)
        }
        var keptOn: [String?] = []
        for run in current where run.name == name && !keptOn.contains(run.machine) { keptOn.append(run.machine) }
        for index in snapshot.held(hiding: hidden) where snapshot.name(at: index) == name {
            let recorder = snapshot.run(at: index).machine
            if !keptOn.contains(recorder) { keptOn.append(recorder) }
        }
        throw .noSuchStopwatchOn(name, machine: machine, keptOn: keptOn)
    }

    /// Whether a run kept or in progress has `name`.
    private func has(_ name: StopwatchName) -> Bool {
        current.contains { $0.name == name } || snapshot.latest(named: name, where: isKept) != nil
    }

    /// The run of `run`'s name, other than it, whose span overlaps `start..<end`, if any: no two
    /// runs of one name overlap.
    public func overlapping(_ run: RunRecord, start: Duration, end: Duration, except others: [EventID] = [])
        -> RunRecord?
    {
        first(named: run.name, startingBefore: end, endingAfter: start) { id, otherStart, otherEnd in
            id != run.id && !others.contains(id) && otherStart < end && start < otherEnd
        }
    }

    /// The ids of the runs of `run`'s name, other than it, that overlap it as it is.
    public func overlaps(of run: RunRecord) -> [EventID] {
        var ids: [EventID] = []
        _ = first(named: run.name, startingBefore: run.endedAt, endingAfter: run.startedAt) { id, start, end in
            if id != run.id, start < run.endedAt, run.startedAt < end { ids.append(id) }
            return false
        }
        return ids
    }

    /// The first run (kept, then current) of `name` that begins before `end` and ends after
    /// `start` whose id and span satisfy `predicate`.
    public func first(
        named name: StopwatchName, startingBefore end: Duration, endingAfter start: Duration,
        where predicate: (EventID, Duration, Duration) -> Bool
    ) -> RunRecord? {
        for index in snapshot.positions(named: name, startingBefore: end, endingAfter: start) where isKept(index) {
            if predicate(snapshot.id(at: index), snapshot.startedAt(at: index), snapshot.endedAt(at: index)) {
                return snapshot.run(at: index)
            }
        }
        return current.first {
            $0.name == name && $0.startedAt < end && $0.endedAt > start && predicate($0.id, $0.startedAt, $0.endedAt)
        }
    }
}
