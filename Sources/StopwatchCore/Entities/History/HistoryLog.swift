/// History as it was read: every change in the order it was made (or the latest of them, after
/// what the earlier left: `beginning`), and the lines that could not be read. What history holds
/// now follows from it by one rule (`runs(hiding:)`), the same on every reading.
public struct HistoryLog: Sendable, Hashable {
    /// Where the log's changes begin.
    public enum Beginning: Sendable, Hashable {
        /// At history's first change: the log holds them all.
        case first
        /// After changes that left `HistorySnapshot` and that no change in the log undoes or
        /// redoes (an undo in the log undoes a change in it): what a reader of runs is given
        /// when a snapshot was kept.
        case after(HistorySnapshot)
        /// After changes it knows nothing of: the latest changes, read from the end back, for
        /// `undo` and `redo`, which ask only of them (`Incomplete` when they must go further).
        case later
    }

    /// Thrown when the answer lies before the log's first change: the store reads further back,
    /// or the whole, and asks again.
    public struct Incomplete: Error, Sendable, Hashable {
        /// The one value there is.
        public init() {}
    }

    /// `question`'s answer from the first of `readings` that holds it: each read in turn while
    /// the answer lies before its first change (`Incomplete`). The last reading is the whole log,
    /// whose answer is final. What every `HistoryStore.update` does with its readings.
    public static func answer<Answer>(
        from readings: [() throws -> HistoryLog], _ question: (HistoryLog) throws -> Answer
    ) throws -> Answer {
        for read in readings.dropLast() {
            do {
                return try question(try read())
            } catch is Incomplete {
                continue
            }
        }
        guard let whole = readings.last else { preconditionFailure("no reading of history") }
        return try question(try whole())
    }

    /// Whether the log holds history from its first change, or after a snapshot, or only its end.
    public var beginning: Beginning
    /// A change as the log holds it: its events are `events[range]`, so that a log of a hundred
    /// thousand changes is two arrays, not an array a change.
    public struct Entry: Sendable, Hashable {
        /// The change's id.
        public var id: EventID
        /// When it was made, wall-clock time since the Unix epoch.
        public var madeAt: Duration
        /// The command that made it.
        public var kind: HistoryChange.Kind
        /// Its events' positions in `HistoryLog.events`.
        public var range: Range<Int>
        /// The change it undoes, for an undo or a redo.
        public var target: EventID?
        /// Where it comes among the changes of every machine (`merging`): one more than the
        /// highest its writer had read when it wrote it, so a change comes after every change
        /// its machine had seen. 0 for changes kept before sequences were (0.4.0's, and the
        /// first log of changes), which come first.
        public var sequence: Int64
    }

    /// The changes, in order.
    public private(set) var entries: [Entry] = []
    /// Every change's events, one after the other (`Entry.range`).
    public private(set) var events: [HistoryEvent] = []
    /// Lines that could not be read: passed over and reported, never a reason to lose the rest.
    public var damaged: [DamagedLine]

    /// A log of `changes`, in order, from `beginning`, with the lines that could not be read.
    public init(beginning: Beginning = .first, changes: [HistoryChange] = [], damaged: [DamagedLine] = []) {
        self.beginning = beginning
        self.damaged = damaged
        for change in changes { append(change) }
    }

    /// `change` after the others.
    public mutating func append(_ change: HistoryChange, sequence: Int64 = 0) {
        events += change.events
        endChange(
            id: change.id, madeAt: change.madeAt, kind: change.kind, eventCount: change.events.count, sequence: sequence
        )
    }

    /// This log with the stopwatches its changes found and left (`HistoryEvent.stopwatch`) as
    /// `transform` makes them: how a store tells its own machine's from another's, which a
    /// change records as they were when it was made.
    public func mappingStopwatches(_ transform: (StopwatchState) -> StopwatchState) -> HistoryLog {
        var log = self
        for index in log.events.indices {
            guard case .stopwatch(let before, let after) = log.events[index] else { continue }
            log.events[index] = .stopwatch(before: before.map(transform), after: after.map(transform))
        }
        return log
    }

    /// An event of a change being read, before `endChange` ends it (or `dropEvents` drops it).
    public mutating func appendEvent(_ event: HistoryEvent) {
        events.append(event)
    }

    /// Ends a change whose `eventCount` events were appended last.
    public mutating func endChange(
        id: EventID, madeAt: Duration, kind: HistoryChange.Kind, eventCount: Int, sequence: Int64 = 0
    ) {
        let range = (events.count - eventCount)..<events.count
        var target: EventID?
        if kind == .undo || kind == .redo {
            for case .undo(let undone) in events[range] { target = undone }
        }
        entries.append(Entry(id: id, madeAt: madeAt, kind: kind, range: range, target: target, sequence: sequence))
    }

    /// Puts its changes in the order `merging` takes them in, by sequence and then id (those kept
    /// before sequences as they were written), when they are not: a machine writes its file in that order, but git's union merge of two clones that
    /// wrote one file (two machines given one id) puts one clone's lines after the other's.
    /// Returns whether they were out of order.
    @discardableResult
    public mutating func sortBySequence() -> Bool {
        // Changes kept before sequences (0) keep the order they were written in.
        func precedes(_ one: Entry, _ other: Entry) -> Bool {
            one.sequence != other.sequence ? one.sequence < other.sequence : one.sequence > 0 && one.id < other.id
        }
        guard entries.indices.dropFirst().contains(where: { precedes(entries[$0], entries[$0 - 1]) }) else {
            return false
        }
        let sorted = entries.enumerated().sorted {
            precedes($0.element, $1.element) || (!precedes($1.element, $0.element) && $0.offset < $1.offset)
        }.map(\.element)
        var events: [HistoryEvent] = []
        events.reserveCapacity(self.events.count)
        entries = sorted.map { entry in
            var entry = entry
            let start = events.count
            events += self.events[entry.range]
            entry.range = start..<events.count
            return entry
        }
        self.events = events
        return true
    }

    /// The highest sequence of its changes (0 for none): a writer's next change has one more
    /// than the highest of every log it can read.
    public var lastSequence: Int64 {
        entries.last?.sequence ?? 0
    }

    /// The logs of several machines as one, in the one order every reader gives them, whatever
    /// order they were read or arrived in: by sequence, and changes of one sequence (made on two
    /// machines, neither having seen the other's) by id. No wall clock takes part, so a machine
    /// whose clock is off reorders nothing. Each log is one file, in the order written, its
    /// sequences rising (the earlier log, of sequence 0, comes first whole). A change found in
    /// several (a sync engine's conflict copy, a file copied twice) is taken once. Changes of a
    /// sequence below `from` are left out: the logs are the ends of their files, and only from
    /// there on do they hold every change (`Beginning.later`).
    public static func merging(_ logs: [HistoryLog], from: Int64 = .min) -> HistoryLog {
        if logs.count == 1, from == .min { return logs[0] }
        var merged = HistoryLog(beginning: logs.first?.beginning ?? .first)
        merged.damaged = logs.flatMap(\.damaged)
        merged.reserveCapacity(logs.reduce(0) { $0 + $1.entries.count })
        var next = logs.map { _ in 0 }
        var last: (sequence: Int64, id: EventID)?
        while true {
            // The log whose next change comes first: there are a few logs, one a machine.
            var chosen: Int?
            for index in logs.indices where next[index] < logs[index].entries.count {
                let entry = logs[index].entries[next[index]]
                guard let current = chosen else {
                    chosen = index
                    continue
                }
                let best = logs[current].entries[next[current]]
                if (entry.sequence, entry.id) < (best.sequence, best.id) { chosen = index }
            }
            guard let index = chosen else { break }
            let entry = logs[index].entries[next[index]]
            next[index] += 1
            // The same change twice has one sequence and one id: the two come together.
            guard entry.sequence >= from, !(last.map { $0.sequence == entry.sequence && $0.id == entry.id } ?? false)
            else { continue }
            last = (entry.sequence, entry.id)
            merged.events += logs[index].events[entry.range]
            merged.endChange(
                id: entry.id, madeAt: entry.madeAt, kind: entry.kind, eventCount: entry.range.count,
                sequence: entry.sequence)
        }
        return merged
    }

    /// Drops the last `count` events: a change that proved not to be whole.
    public mutating func dropEvents(_ count: Int) {
        events.removeLast(count)
    }

    /// `other`'s changes after these.
    public mutating func append(contentsOf other: HistoryLog) {
        let offset = events.count
        events += other.events
        entries += other.entries.map { entry in
            var entry = entry
            entry.range = (entry.range.lowerBound + offset)..<(entry.range.upperBound + offset)
            return entry
        }
        damaged += other.damaged
    }

    /// Makes room for `changes` more changes (and as many events) before they are appended.
    public mutating func reserveCapacity(_ changes: Int) {
        entries.reserveCapacity(changes)
        events.reserveCapacity(changes)
    }

    /// Every change, in order.
    public var changes: [HistoryChange] { entries.indices.map(change(at:)) }

    /// The change at `index` of `entries`, with its events.
    public func change(at index: Int) -> HistoryChange {
        let entry = entries[index]
        return HistoryChange(id: entry.id, madeAt: entry.madeAt, kind: entry.kind, events: Array(events[entry.range]))
    }

    /// Which changes are in effect, one flag a change: all but those an undo in effect undid. An
    /// undo comes after what it undoes, so reading from the newest back settles each undo before
    /// its target is reached; an undo undone (a redo) undoes nothing.
    public func inEffect() -> [Bool] {
        var effective = [Bool](repeating: true, count: entries.count)
        guard entries.contains(where: { $0.target != nil }) else { return effective }
        var undone: Set<EventID> = []
        for index in entries.indices.reversed() {
            let entry = entries[index]
            if undone.contains(entry.id) {
                effective[index] = false
                continue
            }
            if let target = entry.target { undone.insert(target) }
        }
        return effective
    }

    /// The runs history holds, in the order they were added: each change in effect applied in
    /// order (`HistorySnapshot.apply`) to what the changes before the log left. A run whose id is
    /// in `current` is left out: its stopwatch still holds it.
    public func runs(hiding current: Set<EventID> = []) -> RunHistory {
        RunHistory(runs: snapshot().runs(hiding: current), damaged: damaged)
    }

    /// What history holds after the log's changes, the runs taken out kept in their place: what a
    /// store keeps, so that the next reader applies only the changes made after.
    public func snapshot() -> HistorySnapshot {
        var snapshot: HistorySnapshot
        switch beginning {
        case .first: snapshot = HistorySnapshot()
        case .after(let earlier): snapshot = earlier
        case .later: preconditionFailure("the runs of a log read from its end back")
        }
        guard !entries.isEmpty else { return snapshot }
        let effective = inEffect()
        snapshot.reserveCapacity(snapshot.count + entries.count)
        for (index, entry) in entries.enumerated() where effective[index] {
            snapshot.apply(events[entry.range], sequence: entry.sequence)
        }
        return snapshot
    }

    /// The newest change in effect that `undo` would undo; nil when there is none (or the newest
    /// is one 0.4.0 kept, which kept nothing to undo it with).
    ///
    /// An undo in the log comes after what it undoes, so whether a change in the log is in effect
    /// is known from the log alone, whatever came before it.
    public func lastUndoable() throws(Incomplete) -> HistoryChange? {
        let effective = inEffect()
        for index in entries.indices.reversed() where effective[index] && entries[index].target == nil {
            return entries[index].kind == .kept ? nil : change(at: index)
        }
        guard beginning == .first else { throw Incomplete() }
        return nil
    }

    /// The newest undo in effect that `redo` would undo, as long as no other change came after
    /// it; nil when there is none.
    public func lastRedoable() throws(Incomplete) -> HistoryChange? {
        let effective = inEffect()
        for index in entries.indices.reversed() where effective[index] {
            switch entries[index].kind {
            case .redo: continue
            case .undo: return change(at: index)
            default: return nil
            }
        }
        guard beginning == .first else { throw Incomplete() }
        return nil
    }

    /// The change with `id`.
    public func change(_ id: EventID) throws(Incomplete) -> HistoryChange? {
        if let index = entries.lastIndex(where: { $0.id == id }) { return change(at: index) }
        guard beginning == .first else { throw Incomplete() }
        return nil
    }
}

/// A line of history that could not be read: where it is, for the message that reports it.
public struct DamagedLine: Sendable, Hashable {
    /// The file, as the store names it (its path).
    public var file: String
    /// From 1.
    public var line: Int

    /// Line `line` of `file`.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
}
