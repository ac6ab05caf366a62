/// What `undo` and `redo` say of the change they undid or did again: what made it, when, and
/// what it touched.
public struct ChangeViewState: Sendable, Hashable {
    /// The command's word: `reset`, `edit`, `track`.
    public var command: String
    /// The local time it was made: `2026-11-25 09:15:00`.
    public var madeAt: String
    /// The stopwatches it set and the names of the runs it added, corrected or removed, each once.
    public var names: [String]
    /// The short ids of the runs it added, corrected or removed.
    public var runs: [String]
    public var redone: Bool
}
