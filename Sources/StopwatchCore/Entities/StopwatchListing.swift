/// Stored stopwatches: the ones that could be read, what went wrong with the others, and the names
/// of all of them.
public struct StopwatchListing: Sendable {
    /// Each name's stopwatch, and beside it any other machine's of the name in use there (a
    /// state directory shared by several): a name may be here more than once, its `runsOn` apart.
    public var stopwatches: [StopwatchState]
    /// This machine's own stopwatches, reset, that `stopwatches` leaves out because another
    /// machine's of the name is in use (the name means that one): what `undo` compares with.
    public var shadowed: [StopwatchState] = []
    /// One error per stopwatch whose stored state could not be read; the others are still listed.
    public var failures: [any Error]
    /// Every stored name, read or not; a listing of names alone (`list --names`) has nothing else.
    public var names: [StopwatchName]
    /// What this machine calls itself where other machines show its stopwatches (as
    /// `StopwatchState.runsOn` names another), when the store tells machines apart: so that
    /// `work@laptop`, typed on laptop, is its own.
    public var machine: String?

    /// A listing of `stopwatches` and the `failures` of those that could not be read; `names`
    /// every stored name (the stopwatches' when nil; alone for a listing of names).
    public init(stopwatches: [StopwatchState] = [], failures: [any Error] = [], names: [StopwatchName]? = nil) {
        self.stopwatches = stopwatches
        self.failures = failures
        self.names = names ?? stopwatches.map(\.name)
    }

    /// The stopwatch of this machine that holds `run` now; nil when it has ended (or no stopwatch
    /// here holds it). Another machine's run in progress is refused, as any change to it: it is
    /// changed there (`runsElsewhere`).
    public func holder(of run: RunRecord) throws(StopwatchError) -> StopwatchState? {
        guard run.current != nil,
            let state = stopwatches.first(where: { $0.name == run.name && $0.runsOn == run.machine })
        else { return nil }
        if let machine = state.runsOn { throw .runsElsewhere(state.name, machine: machine) }
        return state
    }

    /// The names of the stopwatches `condition` holds for, each once (a name another machine
    /// uses too is listed more than once among `stopwatches`), in order.
    public func names(where condition: (StopwatchState) -> Bool) -> [StopwatchName] {
        var seen = Set<StopwatchName>()
        return stopwatches.filter(condition).map(\.name).filter { seen.insert($0).inserted }
    }
}
