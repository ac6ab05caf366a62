/// One phase of a cycle's run in history: its label, its planned length and the time it took.
public struct PhaseTimeViewState: Sendable, Hashable {
    public var label: String
    public var planned: DurationViewState
    public var actual: DurationViewState
    /// False for the phase the run was in at its end (its time so far).
    public var ended: Bool
}
