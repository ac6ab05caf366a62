/// How far a run has come through its events at one reading: whether its zero has passed, and how
/// many of a cycle's edges and warnings. What `StopwatchState.events(since:at:)` counts from.
///
/// A hook's waiter keeps its mark in the state (`firedEdges`, `firedWarnings`, the hook taken out
/// at zero), so each event is claimed once; a live view keeps the mark of what it last showed,
/// so its bell rings once an event.
public struct RunEventMark: Sendable, Hashable {
    /// The countdown's zero has passed.
    public var zero: Bool
    /// The cycle's edges passed (`StopwatchState.edgesPassed(at:)`).
    public var edges: Int
    /// The cycle's warnings passed (`StopwatchState.warningsPassed(at:)`).
    public var warnings: Int

    /// A mark of these events passed (none by default: the run's start).
    public init(zero: Bool = false, edges: Int = 0, warnings: Int = 0) {
        self.zero = zero
        self.edges = edges
        self.warnings = warnings
    }

    /// Before any event: what a run's first reading is measured from when each event it has
    /// passed is to be told (`wait` on a countdown already at zero).
    public static let start = RunEventMark()
}
