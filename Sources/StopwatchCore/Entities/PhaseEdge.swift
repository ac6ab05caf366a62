/// The end of one phase of a cycle, and what begins there: what a cycle's hook is run for; or,
/// with `isWarning`, the warning a plan's `warning` gives before that end.
public struct PhaseEdge: Sendable, Hashable {
    /// The phase that ended (or, for a warning, ends soon), numbered from 0 across the run.
    public var index: Int
    /// The phase that ended (or ends soon).
    public var ended: Phase
    /// The phase that begins; nil at the end of the run.
    public var begun: Phase?
    /// How many phases the run has; nil until stopped.
    public var count: Int?
    /// The round the phase is in, from 1, of `rounds` (nil until stopped): how a person counts.
    public var round = 1
    /// How many rounds the run has; nil until stopped.
    public var rounds: Int?
    /// True for the warning before the end, rather than the end.
    public var isWarning = false
}

extension PhaseSequence {
    /// The edge at the end of phase `index`.
    public func edge(_ index: Int) -> PhaseEdge {
        let isLast = phaseCount.map { index + 1 >= $0 } ?? false
        return PhaseEdge(
            index: index, ended: phase(index), begun: isLast ? nil : phase(index + 1), count: phaseCount,
            round: index / phases.count + 1, rounds: rounds
        )
    }

    /// The warning before the end of phase `index`.
    public func warningEdge(_ index: Int) -> PhaseEdge {
        var edge = edge(index)
        edge.isWarning = true
        return edge
    }

    /// Whether phase `index` gets a warning: there is one, and the phase is longer than it.
    public func warns(_ index: Int) -> Bool {
        warningMicroseconds > 0 && phase(index).duration.wholeMicroseconds > warningMicroseconds
    }
}
