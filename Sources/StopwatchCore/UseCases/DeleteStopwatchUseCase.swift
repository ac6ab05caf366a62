/// Deletes a stopwatch and its laps; the StateStore then holds it as initial, as if never created.
public struct DeleteStopwatchUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<StopwatchState>

    public init(store: any StopwatchStore, stateStore: StateStore<StopwatchState>) {
        self.store = store
        self.stateStore = stateStore
    }

    public func execute(_ name: StopwatchName) throws {
        try store.delete(name)
        stateStore.update(.initial(name))
    }
}
