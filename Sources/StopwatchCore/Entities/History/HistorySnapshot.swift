/// The runs history held after its first changes: every run in the order it was added, those
/// taken out marked, so that the changes after them apply as they would to the whole log.
///
/// What `HistoryLog.runs(hiding:)` folds changes into, and what a store keeps beside the log
/// (docs/state-format.md, "The snapshot"), so that a reader of a hundred thousand runs applies
/// only the changes made since it was kept (`HistoryLog.Beginning.after`). It is a `RunTable`
/// (in memory, or a store's file read in place) with the changes applied since over it: a run
/// replaced or taken out, runs added after; a correction asks it for the few runs it needs
/// (`RunLookup`) and makes no others.
public struct HistorySnapshot: Sendable, Hashable {
    private var table: any RunTable
    /// Runs of `table` replaced since, and taken out or put back since, by position.
    private var replaced: [Int: RunRecord] = [:]
    private var removal: [Int: Bool] = [:]
    /// Whether a run of `table` is in `replaced` or `removal`, a bit each: a correction's search
    /// of every run asks a flag, not a dictionary, of each (empty until the first). Bits, not
    /// `Bool`s: a correction's first change fills them in, an eighth of the memory to touch.
    private var changed: [UInt64] = []
    /// Runs added after the table's.
    private var added: [RunRecord] = []
    private var addedRemoved: [Bool] = []
    /// Where each run added after the table's is, by its id's first half (ids are random, so it
    /// is as good a key and hashes as one word), the second compared on a match; built when a
    /// change first needs it.
    private var slots: [UInt64: Int]?
    private var collided: [EventID: Int] = [:]
    /// Lookups left to make by scanning before the slots are built: the few changes made since a
    /// snapshot was kept cost less scanned than a hundred thousand slots built.
    private var scansLeft = 16

    /// A snapshot of `runs` in memory, `isRemoved` saying which were taken out (none when nil).
    public init(runs: [RunRecord] = [], isRemoved: [Bool]? = nil) {
        table = MemoryRunTable(runs: runs, removed: isRemoved)
    }

    /// A snapshot of the runs `table` holds (a store's snapshot file, read whole or by pages).
    public init(table: any RunTable) {
        self.table = table
    }

    /// The same runs in the same places, taken out alike, whatever table holds them.
    public static func == (left: HistorySnapshot, right: HistorySnapshot) -> Bool {
        left.count == right.count
            && left.indices.allSatisfy {
                left.run(at: $0) == right.run(at: $0) && left.isRemoved(at: $0) == right.isRemoved(at: $0)
            }
    }

    /// Its runs and their flags, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for index in indices {
            hasher.combine(run(at: index))
            hasher.combine(isRemoved(at: index))
        }
    }

    // MARK: Its runs, by position (those taken out included)

    /// How many runs it holds, those taken out included.
    public var count: Int { table.count + added.count }
    /// Every position, `0..<count`.
    public var indices: Range<Int> { 0..<count }

    /// The id of the run at `index`.
    public func id(at index: Int) -> EventID {
        // A run's id never changes: a revision keeps it, and a run added again takes its place.
        index < table.count ? table.id(at: index) : added[index - table.count].id
    }

    /// Whether the run at `index` was taken out (its place kept).
    public func isRemoved(at index: Int) -> Bool {
        guard index < table.count else { return addedRemoved[index - table.count] }
        return isChanged(index) ? removal[index] ?? table.isRemoved(at: index) : table.isRemoved(at: index)
    }

    /// The run at `index`, as the changes since the table left it.
    public func run(at index: Int) -> RunRecord {
        guard index < table.count else { return added[index - table.count] }
        return isChanged(index) ? replaced[index] ?? table.run(at: index) : table.run(at: index)
    }

    /// The name of the run at `index`.
    public func name(at index: Int) -> StopwatchName {
        guard index < table.count else { return added[index - table.count].name }
        return isChanged(index) ? replaced[index]?.name ?? table.name(at: index) : table.name(at: index)
    }

    /// When the run at `index` began, wall-clock time since the Unix epoch.
    public func startedAt(at index: Int) -> Duration {
        guard index < table.count else { return added[index - table.count].startedAt }
        return isChanged(index) ? replaced[index]?.startedAt ?? table.startedAt(at: index) : table.startedAt(at: index)
    }

    /// When the run at `index` ended, as `startedAt(at:)`.
    public func endedAt(at index: Int) -> Duration {
        guard index < table.count else { return added[index - table.count].endedAt }
        return isChanged(index) ? replaced[index]?.endedAt ?? table.endedAt(at: index) : table.endedAt(at: index)
    }

    private func isChanged(_ index: Int) -> Bool {
        !changed.isEmpty && changed[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    private mutating func markChanged(_ index: Int) {
        if changed.isEmpty { changed = [UInt64](repeating: 0, count: (table.count + 63) / 64) }
        changed[index >> 6] |= 1 << UInt64(index & 63)
    }

    /// The positions of the runs it holds (not taken out), those whose id is in `hidden` left out.
    public func held(hiding hidden: Set<EventID> = []) -> [Int] {
        indices.filter { !isRemoved(at: $0) && (hidden.isEmpty || !hidden.contains(id(at: $0))) }
    }

    /// Makes room for `count` runs in all before they are added.
    public mutating func reserveCapacity(_ count: Int) {
        added.reserveCapacity(max(0, count - table.count))
        addedRemoved.reserveCapacity(max(0, count - table.count))
    }

    // MARK: Searches, as a correction makes them (`RunTable`), the changes since the table's included

    /// The positions of the runs whose id begins with `prefix`, in order.
    public func positions(withIDPrefix prefix: EventID.Prefix) -> [Int] {
        // A run's id never changes: the table's answer holds for its runs replaced since.
        (table.positions(withIDPrefix: prefix) + (table.count..<count).filter { prefix.matches(id(at: $0)) }).sorted()
    }

    /// The positions, in order, of `name`'s runs that begin before `end` and end after `start`,
    /// and perhaps others of that name: the caller checks each.
    public func positions(named name: StopwatchName, startingBefore end: Duration, endingAfter start: Duration) -> [Int]
    {
        let found = table.positions(named: name, startingBefore: end, endingAfter: start).filter { !isReplaced($0) }
        return
            (found
            + changedSince.filter { self.name(at: $0) == name && startedAt(at: $0) < end && endedAt(at: $0) > start })
            .sorted()
    }

    /// The position of the run of `name` that began last among those `isWanted` accepts (of two
    /// that began at once, the one added first).
    public func latest(named name: StopwatchName, where isWanted: (Int) -> Bool) -> Int? {
        var best = table.latest(named: name) { !isReplaced($0) && isWanted($0) }
        for index in changedSince where self.name(at: index) == name && isWanted(index) {
            if let current = best, (startedAt(at: current), -current) >= (startedAt(at: index), -index) { continue }
            best = index
        }
        return best
    }

    /// The position of the run that ended last among those `isWanted` accepts (of two that ended
    /// at once, the one added first).
    public func latestEnded(where isWanted: (Int) -> Bool) -> Int? {
        var best = table.latestEnded { !isReplaced($0) && isWanted($0) }
        for index in changedSince where isWanted(index) {
            if let current = best, (endedAt(at: current), -current) >= (endedAt(at: index), -index) { continue }
            best = index
        }
        return best
    }

    private func isReplaced(_ index: Int) -> Bool { isChanged(index) && replaced[index] != nil }

    /// The runs whose fields may differ from the table's: those replaced since, and those added.
    private var changedSince: [Int] { replaced.keys.sorted() + Array(table.count..<count) }

    // MARK: Changes

    /// `events` of a change of `sequence` applied in order: a run added again with the same id (the
    /// same run arriving twice, or recorded again after a power cut came between its record and its
    /// change, and ended later) is its later record, in its first place; a revision replaces the
    /// run of its id; a removal takes it out. A revision of a run taken out, or never added
    /// (removed, or its making undone, on a machine that had not seen the correction), brings it
    /// back as corrected, marked conflicted: nothing is lost. A run added or revised takes
    /// `sequence` as its revision; a revision based on another revision than the run's (made on a
    /// machine that had not seen the run's latest correction) marks it conflicted. A run stays the
    /// machine's that recorded it, whoever corrects it.
    public mutating func apply(_ events: some Sequence<HistoryEvent>, sequence: Int64 = 0) {
        for event in events {
            switch event {
            case .run(let run):
                put(run, revision: sequence)
            case .revised(var run):
                guard let slot = slot(of: run.id), !isRemoved(at: slot) else {
                    // Corrected on one machine while another took the run out (`remove`, or
                    // `undo` of what made it): the run stands as corrected, for a person to settle.
                    run.isConflicted = true
                    put(run, revision: sequence)
                    break
                }
                let before = self.run(at: slot)
                // Made without seeing the run's latest correction: a conflict. A correction made
                // having seen it (any edit after both) settles the run, and clears the mark.
                run.isConflicted = run.revision != before.revision
                run.revision = sequence
                run.machine = before.machine ?? run.machine
                set(run, at: slot)
            case .removed(let id):
                if let slot = slot(of: id) { setRemoved(true, at: slot) }
            case .stopwatch, .undo:
                break
            }
        }
    }

    /// `run`, of `revision`, in the place of its id (taken out or not), else added after the rest.
    private mutating func put(_ run: RunRecord, revision: Int64) {
        var run = run
        run.revision = revision
        if let slot = slot(of: run.id) {
            set(run, at: slot)
            setRemoved(false, at: slot)
        } else {
            add(run)
        }
    }

    /// The runs it holds, in the order added, those whose id is in `current` left out (their
    /// stopwatch still holds them).
    public func runs(hiding current: Set<EventID> = []) -> [RunRecord] {
        // Nothing changed or left out (as nearly always, in memory): the same array, not a copy
        // of a hundred thousand runs.
        if let memory = table as? MemoryRunTable, replaced.isEmpty, removal.isEmpty, added.isEmpty,
            !memory.removed.contains(true),
            current.isEmpty || !memory.runs.contains(where: { current.contains($0.id) })
        {
            return memory.runs
        }
        if table.count == 0, !addedRemoved.contains(true),
            current.isEmpty || !added.contains(where: { current.contains($0.id) })
        {
            return added
        }
        var runs: [RunRecord] = []
        runs.reserveCapacity(count)
        for index in indices where !isRemoved(at: index) {
            let run = run(at: index)
            if current.isEmpty || !current.contains(run.id) { runs.append(run) }
        }
        return runs
    }

    private mutating func set(_ run: RunRecord, at index: Int) {
        guard index < table.count else {
            added[index - table.count] = run
            return
        }
        markChanged(index)
        replaced[index] = run
    }

    private mutating func setRemoved(_ removed: Bool, at index: Int) {
        guard index < table.count else {
            addedRemoved[index - table.count] = removed
            return
        }
        markChanged(index)
        removal[index] = removed
    }

    private mutating func slot(of id: EventID) -> Int? {
        if table.count > 0, let position = table.position(of: id) { return position }
        if slots == nil, scansLeft > 0 {
            scansLeft -= 1
            return added.lastIndex { $0.id == id }.map { table.count + $0 }
        }
        if slots == nil { buildSlots() }
        if let slot = slots?[id.high], self.id(at: slot) == id { return slot }
        return collided[id]
    }

    private mutating func add(_ run: RunRecord) {
        let position = count
        if slots != nil, let other = slots?[run.id.high], id(at: other) != run.id {
            collided[run.id] = position
        } else {
            slots?[run.id.high] = position
        }
        added.append(run)
        addedRemoved.append(false)
    }

    /// The slots of the runs added after the table's: the table finds its own (`RunTable.position`).
    private mutating func buildSlots() {
        var built: [UInt64: Int] = [:]
        built.reserveCapacity(added.count)
        for index in table.count..<count {
            let id = id(at: index)
            if let other = built[id.high], self.id(at: other) != id {
                collided[id] = index
            } else {
                built[id.high] = index
            }
        }
        slots = built
    }
}
