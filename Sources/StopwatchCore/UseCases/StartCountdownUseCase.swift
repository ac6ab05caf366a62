/// Creates a countdown and starts it: `stopwatch timer`.
///
/// A name already in use is refused unless `replacing`, which drops the old stopwatch or countdown
/// and its laps. A countdown `until` a time of day gets the duration from now to that instant, so
/// it runs on the boot clock like any other and a daylight-saving change does not move its end.
public struct StartCountdownUseCase: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<StopwatchState>
    private let timeSource: any TimeSource
    private let timeZone: any LocalTimeZone

    public init(
        store: any StopwatchStore,
        stateStore: StateStore<StopwatchState>,
        timeSource: any TimeSource,
        timeZone: any LocalTimeZone
    ) {
        self.store = store
        self.stateStore = stateStore
        self.timeSource = timeSource
        self.timeZone = timeZone
    }

    @discardableResult
    public func execute(_ name: StopwatchName, for length: CountdownLength, replacing: Bool) throws -> StopwatchState {
        let change = try store.update(name) { stored in
            guard stored == nil || replacing else { throw StopwatchError.alreadyExists(name) }
            let now = timeSource.now()
            let duration =
                switch length {
                case .duration(let duration): duration
                case .until(let time): time.nextInstant(after: now.wall, in: timeZone) - now.wall
                }
            return StopwatchChange(state: .countdown(name, duration: duration, startedAt: now))
        }
        guard let state = change?.state else { preconditionFailure("StopwatchStore.update dropped a change") }
        stateStore.update(state)
        return state
    }
}
