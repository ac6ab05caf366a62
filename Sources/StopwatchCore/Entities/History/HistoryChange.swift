/// One change to history: what one command added to it, all of it or none.
///
/// History is never rewritten: a run ended, a correction and an undo are each a change appended
/// after what it changes, and history as it stands is read by applying them in order
/// (`HistoryLog`).
public struct HistoryChange: Sendable, Hashable {
    /// Its id, which an undo names.
    public var id: EventID
    /// Wall-clock time it was made.
    public var madeAt: Duration
    /// What made it, for what `undo` and `redo` say they did.
    public var kind: Kind
    /// What it did, in order: runs added, corrected or taken out, and what an undo undoes.
    public var events: [HistoryEvent]

    /// A change of these events.
    public init(id: EventID, madeAt: Duration, kind: Kind, events: [HistoryEvent]) {
        self.id = id
        self.madeAt = madeAt
        self.kind = kind
        self.events = events
    }

    /// The kinds of change, by the command that makes each. Its raw value is the word kept in the
    /// history file.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A run ended by the stopwatch's own change: `reset`, `restart`, `dismiss`, a countdown or
        /// cycle replaced (`timer`, `cycle`), `delete`.
        case reset, restart, dismiss, replace, delete
        /// A block told after the fact, runs imported.
        case track, `import`
        /// Corrections: a run (or the stopwatch running now) changed, runs removed, split, joined.
        case edit, remove, split, join
        /// A change undone, or an undone one done again.
        case undo, redo
        /// A run 0.4.0 kept, before history kept changes: there is nothing to undo it with.
        case kept
    }

    /// The change this one undoes (or, for a redo, the undo it undoes).
    public var target: EventID? {
        for case .undo(let target) in events { return target }
        return nil
    }
}

/// One event of a history change.
public enum HistoryEvent: Sendable, Hashable {
    /// A run added: one that ended, a block told after the fact, one imported, a split's second part.
    case run(RunRecord)
    /// A run as corrected, in place of the run with its id.
    case revised(RunRecord)
    /// The run with this id taken out of history.
    case removed(EventID)
    /// A stopwatch as the change found it and as it left it (nil: there was none), so that an undo
    /// puts it back, and a redo does it again.
    indirect case stopwatch(before: StopwatchState?, after: StopwatchState?)
    /// The change with this id undone; an undo undone (a redo) puts back what it undid.
    case undo(EventID)
}
