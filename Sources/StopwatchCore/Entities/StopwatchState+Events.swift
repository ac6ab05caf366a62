extension StopwatchState {
    /// How far the run has come through its events at `now` (`RunEventMark`).
    public func eventMark(at now: TimeReading) -> RunEventMark {
        RunEventMark(
            zero: isCountdown && isExpired(at: now), edges: edgesPassed(at: now), warnings: warningsPassed(at: now))
    }

    /// The events the run passed after `mark` up to `now`, in the order they came (a phase's
    /// warning, then its end), and the mark they bring it to: the one answer every hook, bell and
    /// piped edge line takes its events from.
    ///
    /// A countdown's zero is told once; a cycle's edges and warnings each once, a warning only
    /// where the phase is longer than it. The mark given back is where the run is at `now`: below
    /// `mark` where time added (`timer --add`) moved a zero or an edge later, which is told again
    /// when it passes, as its hook is run again.
    public func events(since mark: RunEventMark, at now: TimeReading) -> (events: [HookEvent], mark: RunEventMark) {
        let reached = eventMark(at: now)
        switch plan {
        case .countdown(let duration):
            return (reached.zero && !mark.zero ? [.zero(name: name, duration: duration)] : [], reached)
        case .sequence(let sequence):
            guard reached.edges > mark.edges || reached.warnings > mark.warnings else { return ([], reached) }
            let warnings = (mark.warnings..<max(mark.warnings, reached.warnings)).filter(sequence.warns)
                .map(sequence.warningEdge)
            let edges = (mark.edges..<max(mark.edges, reached.edges)).map(sequence.edge)
            let ordered = (warnings + edges).sorted {
                ($0.index, $0.isWarning ? 0 : 1) < ($1.index, $1.isWarning ? 0 : 1)
            }
            return (ordered.map { .edge(name: name, $0) }, reached)
        case .open:
            return ([], reached)
        }
    }
}
