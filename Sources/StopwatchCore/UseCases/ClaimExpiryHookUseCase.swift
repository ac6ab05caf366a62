/// Takes a countdown's hook out of its state once the countdown has expired, so that the process
/// that claims it runs it and no other does; for a cycle, claims its hook for every phase edge
/// passed since the last claim.
///
/// The claim is one locked change: the hook is committed gone (a cycle's edges committed fired,
/// `firedEdges`) before it is returned, so two processes that see zero or an edge at once cannot
/// both run it, and a process killed after the claim has lost it rather than leaving it to run
/// twice. Before zero, or between edges, nothing is written. The state is published either way,
/// so the caller's view model shows what the claim read.
///
/// A cycle's claim is marked undelivered (`undeliveredEdges`) until its waiter says which edges it
/// handed on (`handedOn(_:leaving:)`): what a waiter killed between the two lost, the next claim
/// tells, so that no edge goes neither run nor counted.
public struct ClaimExpiryHookUseCase: Sendable {
    /// What a claim found.
    public enum Outcome: Sendable, Hashable {
        /// The countdown has expired and its hook is now the caller's to run.
        case claimed(ExpiryHook)
        /// A cycle's edges passed, in order, each the caller's to run the hook for once; the hook
        /// stays with the cycle for its later edges. `lost`: edges an earlier claim took that its
        /// waiter never handed on (killed in between), to be told as skipped.
        case claimedEdges(ExpiryHook, [PhaseEdge], lost: Int)
        /// The hook is still there and the countdown has not yet expired.
        case pending
        /// There is no hook to wait for: none was set, another process claimed it, or the
        /// countdown was replaced by one without.
        case none
    }

    private let transition: StopwatchTransition

    /// Works through these ports: nothing is read or written until it runs.
    public init(
        store: any StopwatchStore, stateStore: StateStore<StopwatchSnapshot>, timeSource: any TimeSource,
        ids: any IDSource
    ) {
        transition = StopwatchTransition(
            store: store, stateStore: stateStore, timeSource: timeSource, ids: ids, creating: false)
    }

    /// A name never created, or deleted since, is `StopwatchError.noSuchStopwatch`.
    public func execute(_ name: StopwatchName) throws -> Outcome {
        var outcome = Outcome.none
        _ = try transition.run(name) { state, now in
            guard let hook = state.hook else { return StopwatchChange(state: state) }
            guard state.isCycle else {
                // Its zero, once: the hook is taken out with it.
                guard !state.events(since: .start, at: now).events.isEmpty else {
                    outcome = .pending
                    return StopwatchChange(state: state)
                }
                outcome = .claimed(hook)
                var claimed = state
                claimed.hook = nil
                claimed.claimedHook = hook
                return StopwatchChange(state: claimed)
            }
            let fired = RunEventMark(edges: state.firedEdges, warnings: state.firedWarnings)
            let (events, reached) = state.events(since: fired, at: now)
            guard !events.isEmpty else {
                if !state.cycleProgress(at: now).isFinished { outcome = .pending }
                return StopwatchChange(state: state)
            }
            let edges: [PhaseEdge] = events.compactMap {
                guard case .edge(_, let edge, _) = $0 else { return nil }
                return edge
            }
            outcome = .claimedEdges(hook, edges, lost: state.undeliveredEdges)
            var claimed = state
            claimed.firedEdges = reached.edges
            claimed.firedWarnings = max(reached.warnings, state.firedWarnings)
            claimed.undeliveredEdges = edges.count
            return StopwatchChange(state: claimed)
        }
        return outcome
    }

    /// Marks the edges the last claim of `name` took as handed on but the latest `remaining`:
    /// called after each one delivered. Nothing is written when the mark is already as low (the
    /// run reset meanwhile, or another claim took over). A name gone is `noSuchStopwatch`.
    public func handedOn(_ name: StopwatchName, leaving remaining: Int) throws {
        _ = try transition.run(name) { state, _ in
            var marked = state
            marked.undeliveredEdges = min(state.undeliveredEdges, remaining)
            return StopwatchChange(state: marked)
        }
    }
}
