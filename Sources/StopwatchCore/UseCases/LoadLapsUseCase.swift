/// Loads every lap of a stopwatch into the lap-history StateStore; a name never created is
/// `StopwatchError.noSuchStopwatch`.
public struct LoadLapsUseCase: Sendable {
    private let store: any StopwatchStore
    private let history: any HistoryStore
    private let stateStore: StateStore<LapHistory>

    /// Works through these ports: nothing is read or written until it runs.
    public init(store: any StopwatchStore, history: any HistoryStore, stateStore: StateStore<LapHistory>) {
        self.store = store
        self.history = history
        self.stateStore = stateStore
    }

    /// With `machine`, of the stopwatch that machine keeps under `name` (`work@desktop`); one it
    /// does not keep is `StopwatchError.noSuchStopwatchOn`.
    @discardableResult
    public func execute(_ name: StopwatchName, on machine: String? = nil) throws -> LapHistory {
        let laps: [Lap]
        do {
            laps = try store.laps(of: name, on: machine)
        } catch StopwatchError.noSuchStopwatch(name) where machine != nil {
            throw store.missing(name, on: machine)
        }
        let history = LapHistory(name: name, laps: laps)
        stateStore.update(history)
        return history
    }

    /// The laps of a run of `name` that ended: the `back`th kept in history, counting back from
    /// the latest (1), of those `machine` recorded when it is given. Fewer runs kept is
    /// `StopwatchError.noSuchRun`; a name that no run and no stopwatch has,
    /// `StopwatchError.unknownName`, with the names there are.
    @discardableResult
    public func execute(_ name: StopwatchName, on machine: String? = nil, run back: Int) throws -> LapHistory {
        let kept = try self.history.read().runs().runs
        let runs = kept.filter { $0.name == name && (machine == nil || $0.machine == machine) }
            .sorted { $0.startedAt > $1.startedAt }
        if runs.isEmpty {
            let stopwatches = try store.names()
            if !stopwatches.contains(name) {
                throw StopwatchError.unknownName(name, known: Set(kept.map(\.name) + stopwatches).sorted())
            }
        }
        guard back >= 1, back <= runs.count else {
            throw StopwatchError.noSuchRun(name, back, kept: runs.count, on: machine)
        }
        let history = LapHistory(name: name, laps: try self.history.laps(ofRun: runs[back - 1]))
        stateStore.update(history)
        return history
    }
}
