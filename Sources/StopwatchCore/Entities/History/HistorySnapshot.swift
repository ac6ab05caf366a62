/// The runs history held after its first changes: every run in the order it was added, those
/// taken out marked, so that the changes after them apply as they would to the whole log.
///
/// What `HistoryLog.runs(hiding:)` folds changes into, and what a store keeps beside the log
/// (docs/state-format.md, "The snapshot"), so that a reader of a hundred thousand runs applies
/// only the changes made since it was kept (`HistoryLog.Beginning.after`).
public struct HistorySnapshot: Sendable, Hashable {
    /// In the order added; a run taken out keeps its place, for when a change puts it back.
    public private(set) var runs: [RunRecord]
    public private(set) var isRemoved: [Bool]
    /// Where each run is, by its id's first half (ids are random, so it is as good a key and
    /// hashes as one word), the second compared on a match; built when a change first needs it.
    private var slots: [UInt64: Int]?
    private var collided: [EventID: Int] = [:]
    /// Lookups left to make by scanning before the slots are built: the few changes made since a
    /// snapshot was kept cost less scanned than a hundred thousand slots built.
    private var scansLeft = 16

    public init(runs: [RunRecord] = [], isRemoved: [Bool]? = nil) {
        precondition(isRemoved == nil || isRemoved?.count == runs.count, "a flag a run")
        self.runs = runs
        self.isRemoved = isRemoved ?? [Bool](repeating: false, count: runs.count)
    }

    public static func == (left: HistorySnapshot, right: HistorySnapshot) -> Bool {
        left.runs == right.runs && left.isRemoved == right.isRemoved
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(runs)
        hasher.combine(isRemoved)
    }

    public mutating func reserveCapacity(_ count: Int) {
        runs.reserveCapacity(count)
        isRemoved.reserveCapacity(count)
    }

    /// `events` applied in order: a run added again with the same id (the same run arriving
    /// twice, or recorded again after a power cut came between its record and its change, and
    /// ended later) is its later record, in its first place; a revision replaces the run of its
    /// id unless it was taken out; a removal takes it out.
    public mutating func apply(_ events: some Sequence<HistoryEvent>) {
        for event in events {
            switch event {
            case .run(let run):
                if let slot = slot(of: run.id) {
                    runs[slot] = run
                    isRemoved[slot] = false
                } else {
                    add(run)
                }
            case .revised(let run):
                if let slot = slot(of: run.id), !isRemoved[slot] { runs[slot] = run }
            case .removed(let id):
                if let slot = slot(of: id) { isRemoved[slot] = true }
            case .stopwatch, .undo:
                break
            }
        }
    }

    /// The runs it holds, in the order added, those whose id is in `current` left out (their
    /// stopwatch still holds them).
    public func runs(hiding current: Set<EventID> = []) -> [RunRecord] {
        // Nothing left out (as nearly always): the same array, not a copy of a hundred thousand runs.
        let hidden = current.isEmpty ? [] : runs.indices.filter { current.contains(runs[$0].id) }
        guard isRemoved.contains(true) || !hidden.isEmpty else { return runs }
        var kept = runs
        var out = isRemoved
        for index in hidden { out[index] = true }
        var index = 0
        kept.removeAll { _ in
            defer { index += 1 }
            return out[index]
        }
        return kept
    }

    private mutating func slot(of id: EventID) -> Int? {
        if slots == nil, scansLeft > 0 {
            scansLeft -= 1
            return runs.lastIndex { $0.id == id }
        }
        if slots == nil { buildSlots() }
        if let slot = slots?[id.high], runs[slot].id == id { return slot }
        return collided[id]
    }

    private mutating func add(_ run: RunRecord) {
        if slots != nil, let other = slots?[run.id.high], runs[other].id != run.id {
            collided[run.id] = runs.count
        } else {
            slots?[run.id.high] = runs.count
        }
        runs.append(run)
        isRemoved.append(false)
    }

    private mutating func buildSlots() {
        var built: [UInt64: Int] = [:]
        built.reserveCapacity(runs.count)
        for (index, run) in runs.enumerated() {
            if let other = built[run.id.high], runs[other].id != run.id {
                collided[run.id] = index
            } else {
                built[run.id.high] = index
            }
        }
        slots = built
    }
}
