/// History as it was read: every change in the order it was made, and the lines that could not be
/// read. What history holds now follows from it by one rule (`runs(hiding:)`), the same on every
/// reading.
public struct HistoryLog: Sendable, Hashable {
    /// A change as the log holds it: its events are `events[range]`, so that a log of a hundred
    /// thousand changes is two arrays, not an array a change.
    public struct Entry: Sendable, Hashable {
        public var id: EventID
        public var madeAt: Duration
        public var kind: HistoryChange.Kind
        public var range: Range<Int>
        /// The change it undoes, for an undo or a redo.
        public var target: EventID?
    }

    public private(set) var entries: [Entry] = []
    public private(set) var events: [HistoryEvent] = []
    /// Lines that could not be read: passed over and reported, never a reason to lose the rest.
    public var damaged: [DamagedLine]

    public init(changes: [HistoryChange] = [], damaged: [DamagedLine] = []) {
        self.damaged = damaged
        for change in changes { append(change) }
    }

    /// `change` after the others.
    public mutating func append(_ change: HistoryChange) {
        events += change.events
        endChange(id: change.id, madeAt: change.madeAt, kind: change.kind, eventCount: change.events.count)
    }

    /// An event of a change being read, before `endChange` ends it (or `dropEvents` drops it).
    public mutating func appendEvent(_ event: HistoryEvent) {
        events.append(event)
    }

    /// Ends a change whose `eventCount` events were appended last.
    public mutating func endChange(id: EventID, madeAt: Duration, kind: HistoryChange.Kind, eventCount: Int) {
        let range = (events.count - eventCount)..<events.count
        var target: EventID?
        if kind == .undo || kind == .redo {
            for case .undo(let undone) in events[range] { target = undone }
        }
        entries.append(Entry(id: id, madeAt: madeAt, kind: kind, range: range, target: target))
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

    public mutating func reserveCapacity(_ changes: Int) {
        entries.reserveCapacity(changes)
        events.reserveCapacity(changes)
    }

    /// Every change, in order.
    public var changes: [HistoryChange] { entries.indices.map(change(at:)) }

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
    /// order. A run added again with the same id (the same run arriving twice, or recorded again
    /// after a power cut came between its record and its change, and ended later) is its later
    /// record; a revision replaces the run of its id, a removal takes it out. A run whose id is in
    /// `current` is left out: its stopwatch still holds it.
    public func runs(hiding current: Set<EventID> = []) -> RunHistory {
        let effective = inEffect()
        var runs: [RunRecord] = []
        runs.reserveCapacity(entries.count)
        var removed: Set<Int> = []
        // By the id's first half, the second compared on a match: ids are random, so it is as
        // good a key, and hashes as a single word.
        var slots: [UInt64: Int] = [:]
        slots.reserveCapacity(entries.count)
        var collided: [EventID: Int] = [:]
        func slot(of id: EventID) -> Int? {
            if let slot = slots[id.high], runs[slot].id == id { return slot }
            return collided[id]
        }
        func place(_ run: RunRecord, at slot: Int?) {
            if let slot {
                runs[slot] = run
                removed.remove(slot)
            } else if let other = slots[run.id.high], runs[other].id != run.id {
                collided[run.id] = runs.count
                runs.append(run)
            } else {
                slots[run.id.high] = runs.count
                runs.append(run)
            }
        }
        for (index, entry) in entries.enumerated() where effective[index] {
            for position in entry.range {
                switch events[position] {
                case .run(let run):
                    place(run, at: slot(of: run.id))
                case .revised(let run):
                    if let slot = slot(of: run.id), !removed.contains(slot) { runs[slot] = run }
                case .removed(let id):
                    if let slot = slot(of: id) { removed.insert(slot) }
                case .stopwatch, .undo:
                    break
                }
            }
        }
        if !removed.isEmpty {
            runs = runs.indices.filter { !removed.contains($0) }.map { runs[$0] }
        }
        if !current.isEmpty { runs.removeAll { current.contains($0.id) } }
        return RunHistory(runs: runs, damaged: damaged)
    }

    /// The newest change in effect that `undo` would undo; nil when there is none (or the newest
    /// is one 0.4.0 kept, which kept nothing to undo it with).
    public func lastUndoable() -> HistoryChange? {
        let effective = inEffect()
        for index in entries.indices.reversed() where effective[index] && entries[index].target == nil {
            return entries[index].kind == .kept ? nil : change(at: index)
        }
        return nil
    }

    /// The newest undo in effect that `redo` would undo, as long as no other change came after
    /// it; nil when there is none.
    public func lastRedoable() -> HistoryChange? {
        let effective = inEffect()
        for index in entries.indices.reversed() where effective[index] {
            switch entries[index].kind {
            case .redo: continue
            case .undo: return change(at: index)
            default: return nil
            }
        }
        return nil
    }

    /// The change with `id`.
    public func change(_ id: EventID) -> HistoryChange? {
        entries.lastIndex { $0.id == id }.map(change(at:))
    }
}

/// A line of history that could not be read: where it is, for the message that reports it.
public struct DamagedLine: Sendable, Hashable {
    /// The file, as the store names it (its path).
    public var file: String
    /// From 1.
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
}
