/// History as it was read: every change in the order it was made, and the lines that could not be
/// read. What history holds now follows from it by one rule (`runs(hiding:)`), the same on every
/// reading.
public struct HistoryLog: Sendable, Hashable {
    public var changes: [HistoryChange]
    /// Lines that could not be read: passed over and reported, never a reason to lose the rest.
    public var damaged: [DamagedLine]

    public init(changes: [HistoryChange] = [], damaged: [DamagedLine] = []) {
        self.changes = changes
        self.damaged = damaged
    }

    /// Which changes are in effect, one flag a change: all but those an undo in effect undid. An
    /// undo comes after what it undoes, so reading from the newest back settles each undo before
    /// its target is reached; an undo undone (a redo) undoes nothing.
    public func inEffect() -> [Bool] {
        var effective = [Bool](repeating: true, count: changes.count)
        guard changes.contains(where: \.isUndo) else { return effective }
        var undone: Set<EventID> = []
        for index in changes.indices.reversed() {
            let change = changes[index]
            if undone.contains(change.id) {
                effective[index] = false
                continue
            }
            if let target = change.target { undone.insert(target) }
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
        var runs: [RunRecord?] = []
        runs.reserveCapacity(changes.count)
        // By the id's first half, the second compared on a match: ids are random, so it is as
        // good a key, and hashes as a single word.
        var slots: [UInt64: Int] = [:]
        slots.reserveCapacity(changes.count)
        var collided: [EventID: Int] = [:]
        func slot(of id: EventID) -> Int? {
            if let slot = slots[id.high], runs[slot]?.id == id { return slot }
            return collided[id]
        }
        func place(_ run: RunRecord, at slot: Int?) {
            if let slot {
                runs[slot] = run
            } else if let other = slots[run.id.high], runs[other]?.id != run.id {
                collided[run.id] = runs.count
                runs.append(run)
            } else {
                slots[run.id.high] = runs.count
                runs.append(run)
            }
        }
        for (index, change) in changes.enumerated() where effective[index] {
            for event in change.events {
                switch event {
                case .run(let run):
                    place(run, at: slot(of: run.id))
                case .revised(let run):
                    if let slot = slot(of: run.id) { runs[slot] = run }
                case .removed(let id):
                    if let slot = slot(of: id) { runs[slot] = nil }
                case .stopwatch, .undo:
                    break
                }
            }
        }
        var kept = runs.compactMap { $0 }
        if !current.isEmpty { kept.removeAll { current.contains($0.id) } }
        return RunHistory(runs: kept, damaged: damaged)
    }

    /// The newest change in effect that `undo` would undo; nil when there is none (or the newest
    /// is one 0.4.0 kept, which kept nothing to undo it with).
    public func lastUndoable() -> HistoryChange? {
        let effective = inEffect()
        for index in changes.indices.reversed() where effective[index] && !changes[index].isUndo {
            return changes[index].kind == .kept ? nil : changes[index]
        }
        return nil
    }

    /// The newest undo in effect that `redo` would undo, as long as no other change came after
    /// it; nil when there is none.
    public func lastRedoable() -> HistoryChange? {
        let effective = inEffect()
        for index in changes.indices.reversed() where effective[index] {
            switch changes[index].kind {
            case .redo: continue
            case .undo: return changes[index]
            default: return nil
            }
        }
        return nil
    }

    /// The change with `id`.
    public func change(_ id: EventID) -> HistoryChange? {
        changes.last { $0.id == id }
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
