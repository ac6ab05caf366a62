/// The end of one phase of a cycle, and what begins there: what a cycle's hook is run for.
public struct PhaseEdge: Sendable, Hashable {
    /// The phase that ended, numbered from 0 across the run.
    public var index: Int
    public var ended: Phase
    /// The phase that begins; nil at the end of the run.
    public var begun: Phase?
    /// How many phases the run has; nil until stopped.
    public var count: Int?
}

extension PhaseSequence {
    /// The edge at the end of phase `index`.
    public func edge(_ index: Int) -> PhaseEdge {
        let isLast = phaseCount.map { index + 1 >= $0 } ?? false
        return PhaseEdge(index: index, ended: phase(index), begun: isLast ? nil : phase(index + 1), count: phaseCount)
    }
}
