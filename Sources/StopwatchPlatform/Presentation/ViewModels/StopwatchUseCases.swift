import StopwatchCore

/// The use cases a `StopwatchViewModel` drives, all publishing to the same StateStore.
///
/// Each is made when its action is taken, from the dependencies kept here: a command takes one
/// action, and a prompt's `status` should not pay for building the other fifteen.
public struct StopwatchUseCases: Sendable {
    private let store: any StopwatchStore
    private let stateStore: StateStore<StopwatchSnapshot>
    private let timeSource: any TimeSource
    private let timeZone: any LocalTimeZone
    private let ids: any IDSource
    /// History, for a correction of the run in progress (`decideAway`).
    private let historyStore: any HistoryStore
    /// Where a hook's events go (`--notify`, `--exec`), made only by the look that fires them.
    private let hookSinks: @Sendable () -> [any HookEventSink]

    public init(
        store: any StopwatchStore,
        stateStore: StateStore<StopwatchSnapshot>,
        timeSource: any TimeSource,
        timeZone: any LocalTimeZone,
        ids: any IDSource,
        history: any HistoryStore,
        hookSinks: @escaping @Sendable () -> [any HookEventSink] = { [] }
    ) {
        self.historyStore = history
        self.hookSinks = hookSinks
        self.store = store
        self.stateStore = stateStore
        self.timeSource = timeSource
        self.timeZone = timeZone
        self.ids = ids
    }

    /// The local zone, for a time of day told after the fact (`--at`).
    public var zone: any LocalTimeZone { timeZone }
    public var start: StartStopwatchUseCase {
        .init(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids)
    }
    public var nextPhase: NextPhaseUseCase {
        .init(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids)
    }
    public var restart: RestartStopwatchUseCase {
        .init(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids)
    }
    public var pause: PauseStopwatchUseCase {
        .init(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids)
    }
    public var resume: ResumeStopwatchUseCase {
        .init(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids)
    }
    public var toggle: ToggleStopwatchUseCase {
        .init(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids)
    }
    public var lap: RecordLapUseCase { .init(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids) }
    public var reset: ResetStopwatchUseCase {
        .init(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids)
    }
    public var load: LoadStopwatchUseCase { .init(store: store, stateStore: stateStore, timeSource: timeSource) }
    public var startUnlessRunning: StartUnlessRunningUseCase {
        .init(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids)
    }
    public var addTime: AddCountdownTimeUseCase {
        .init(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids)
    }
    public var fireHook: FireHookEventsUseCase {
        .init(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids, sinks: hookSinks())
    }
    public var bookAway: BookAwayUseCase {
        .init(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids)
    }
    /// The correction of the run in progress, through history.
    public var correctRun: CorrectRunUseCase {
        CorrectRunUseCase(
            history: historyStore, stateStore: StateStore(RunHistory()), timeSource: timeSource, timeZone: timeZone,
            ids: ids)
    }
    public var dismiss: DismissCountdownUseCase {
        .init(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids)
    }
    public var startPlan: StartPlanUseCase {
        .init(store: store, stateStore: stateStore, timeSource: timeSource, ids: ids, timeZone: timeZone)
    }
}
