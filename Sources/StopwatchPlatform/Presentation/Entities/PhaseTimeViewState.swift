/// One phase of a cycle's run in history: its label, its planned length, the time it ran and the
/// time the run then waited for a person before the next phase.
public struct PhaseTimeViewState: Sendable, Hashable {
    public var label: String
    public var planned: DurationViewState
    public var actual: DurationViewState
    public var waited: DurationViewState
    /// False for the phase the run was in at its end (its time so far).
    public var ended: Bool
}
