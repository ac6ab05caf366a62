/// Loads every lap of a stopwatch into the lap-history StateStore; a name never created is
/// `StopwatchError.noSuchStopwatch`.
public struct LoadLapsUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<LapHistory>

    public init(store: any StopwatchStore, stateStore: StateStore<LapHistory>) {
        self.store = store
        self.stateStore = stateStore
    }

    @discardableResult
    public func execute(_ name: StopwatchName) throws -> LapHistory {
        let history = LapHistory(name: name, laps: try store.laps(of: name))
        stateStore.update(history)
        return history
    }
}
