import StopwatchCore

/// The use cases a `StopwatchViewModel` drives, all publishing to the same StateStore.
public struct StopwatchUseCases: Sendable {
    public var start: StartStopwatchUseCase
    public var restart: RestartStopwatchUseCase
    public var pause: PauseStopwatchUseCase
    public var resume: ResumeStopwatchUseCase
    public var toggle: ToggleStopwatchUseCase
    public var lap: RecordLapUseCase
    public var reset: ResetStopwatchUseCase
    public var load: LoadStopwatchUseCase
    public var startCountdown: StartCountdownUseCase
    public var startUnlessRunning: StartUnlessRunningUseCase
    public var addTime: AddCountdownTimeUseCase
    public var claimHook: ClaimExpiryHookUseCase
    public var dismiss: DismissCountdownUseCase

    public init(
        store: any StopwatchStore,
        stateStore: StateStore<StopwatchSnapshot>,
        timeSource: any TimeSource,
        timeZone: any LocalTimeZone
    ) {
        start = StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: timeSource)
        restart = RestartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: timeSource)
        pause = PauseStopwatchUseCase(store: store, stateStore: stateStore, timeSource: timeSource)
        resume = ResumeStopwatchUseCase(store: store, stateStore: stateStore, timeSource: timeSource)
        toggle = ToggleStopwatchUseCase(store: store, stateStore: stateStore, timeSource: timeSource)
        lap = RecordLapUseCase(store: store, stateStore: stateStore, timeSource: timeSource)
        reset = ResetStopwatchUseCase(store: store, stateStore: stateStore, timeSource: timeSource)
        load = LoadStopwatchUseCase(store: store, stateStore: stateStore, timeSource: timeSource)
        startUnlessRunning = StartUnlessRunningUseCase(store: store, stateStore: stateStore, timeSource: timeSource)
        addTime = AddCountdownTimeUseCase(store: store, stateStore: stateStore, timeSource: timeSource)
        claimHook = ClaimExpiryHookUseCase(store: store, stateStore: stateStore, timeSource: timeSource)
        dismiss = DismissCountdownUseCase(store: store, stateStore: stateStore, timeSource: timeSource)
        startCountdown = StartCountdownUseCase(store: store, stateStore: stateStore, timeSource: timeSource, timeZone: timeZone)
    }
}
