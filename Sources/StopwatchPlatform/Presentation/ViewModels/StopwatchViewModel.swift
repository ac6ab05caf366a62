import StopwatchCore
import Synchronization

/// Connects a view to one stopwatch: turns actions into use cases, and the StateStore's updates
/// into `StopwatchViewState`s for its listeners.
///
/// A change is mapped at the reading it was made at, so a command shows its own moment; a view
/// state is published only when it differs from the last one, so a view redrawn on every tick
/// writes nothing while its text stands still. `refresh()` re-reads the clocks for a new view
/// state without changing anything: it maps only the times of the state last mapped, which every
/// update of the store replaces, without reading or comparing the state again (a live view
/// refreshes every 10 ms).
public final class StopwatchViewModel: Sendable {
    public let name: StopwatchName
    private let stateStore: StateStore<StopwatchSnapshot>
    private let useCases: StopwatchUseCases
    private let timeSource: any TimeSource
    private let mapper: StopwatchUIMapper
    private let published = ViewStatePublisher<StopwatchViewState>(==)
    /// The subscription to the store, and the state last mapped with its view state, so a refresh
    /// of the same state maps only the time. One lock for both: each `Mutex` of an optional is a
    /// type the runtime makes at first use, which every command paid for at start-up.
    private let tracked = Mutex(Tracked())

    private struct Tracked {
        var subscription: ListenerToken?
        var lastMapped: Mapped?
        /// How far the run had come through its events in the view state last published, and the
        /// boot-clock instant of its next event (`StopwatchState.nextEvent`): a refresh before then
        /// asks nothing more, so a tick costs a comparison.
        var events: RunEventMark?
        var eventsDue = Duration.zero
    }
    /// Judges the latest lap against every lap (the live view); nil where only the state is shown.
    private let lapJudge: LapJudge?

    public init(
        name: StopwatchName,
        stateStore: StateStore<StopwatchSnapshot>,
        useCases: StopwatchUseCases,
        timeSource: any TimeSource,
        mapper: StopwatchUIMapper,
        lapJudge: LapJudge? = nil
    ) {
        self.name = name
        self.lapJudge = lapJudge
        self.stateStore = stateStore
        self.useCases = useCases
        self.timeSource = timeSource
        self.mapper = mapper
        let token = stateStore.addListener { [weak self] snapshot in self?.publish(snapshot.state, at: snapshot.readAt)
        }
        tracked.withLock { $0.subscription = token }
    }

    deinit {
        if let token = tracked.withLock({ $0.subscription }) { stateStore.removeListener(token) }
    }

    /// The last published view state; nil until the first action or refresh.
    public var viewState: StopwatchViewState? { published.current }

    /// Performs `action`; a refused or failed action throws and publishes nothing.
    public func handle(_ action: StopwatchAction) throws {
        switch action {
        case .start: try useCases.start.execute(name)
        case .restart: try useCases.restart.execute(name)
        case .pause: try useCases.pause.execute(name)
        case .restartTagged(let tags): try useCases.restart.execute(name, tags: tags)
        case .startWith(let back, let tags, let away):
            try useCases.start.execute(
                name, back: back?.backdate(now: timeSource.now().wall, zone: useCases.zone), tags: tags, away: away,
                in: useCases.zone)
        case .pauseBack(let back):
            try useCases.pause.execute(
                name, back: back.backdate(now: timeSource.now().wall, zone: useCases.zone), in: useCases.zone)
        case .resume: try useCases.resume.execute(name)
        case .toggle: try useCases.toggle.execute(name)
        case .lap(let label): try useCases.lap.execute(name, label: label)
        case .recordRun(let label, let duration): try useCases.lap.execute(name, label: label, duration: duration)
        case .reset: try useCases.reset.execute(name)
        case .dismiss: try useCases.dismiss.execute(name)
        case .load: try useCases.load.execute(name, requiring: .existence)
        case .loadOn(let machine): try useCases.load.execute(name, on: machine, requiring: .existence)
        case .loadCountdown: try useCases.load.execute(name, requiring: .countdown)
        case .loadCycle(let goingOn): try useCases.load.execute(name, requiring: goingOn ? .cycleGoingOn : .cycle)
        case .view: try useCases.load.execute(name)
        case .startCountdown(let length, let replacing, let hook, let tags, let away):
            try useCases.startPlan.execute(name, for: length, replacing: replacing, hook: hook, tags: tags, away: away)
        case .startUnlessRunning: try useCases.startUnlessRunning.execute(name)
        case .addTime(let change, let hook): try useCases.addTime.execute(name, adding: change, hook: hook)
        case .startPlan(let plan, let replacing, let hook, let tags, let away):
            try useCases.startPlan.execute(name, plan: plan, replacing: replacing, hook: hook, tags: tags, away: away)
        case .nextPhase: try useCases.nextPhase.execute(name)
        case .bookAway(let cause, let start, let end):
            try useCases.bookAway.execute(name, cause: cause, since: start, until: end)
        case .standAway(let cause, let run): try useCases.bookAway.stand(name, cause: cause, run: run)
        case .endAwayStand: try useCases.bookAway.endStand(name)
        case .decideAway(let policy):
            try useCases.correctRun.execute(.name(name), away: policy)
            try useCases.load.execute(name)
        }
    }

    /// The id of the run the stopwatch held as last read; nil when it holds none.
    public var runID: EventID? { stateStore.state.state.currentRunID }

    /// Whether it runs, as last read.
    public var runs: Bool { stateStore.state.state.status == .running }

    /// Whether the run, as last read, stands still because nobody is there.
    public var standsAway: Bool { stateStore.state.state.awayStand != nil }

    /// The hook of the stopwatch as last read, when it runs and has one to run at zero or at its
    /// edges: what a background waiter is kept for.
    public var runningHook: ExpiryHook? {
        let state = stateStore.state.state
        return state.status == .running ? state.hook : nil
    }

    /// How long from now the stopwatch as last read next changes, for a surface showing its times
    /// at `clock`'s step (none: its zero and edges alone), or with `warnings` for a hook's waiter
    /// (`StopwatchState.nextEvent`).
    public func nextEvent(for clock: FollowClock = FollowClock(step: nil), warnings: Bool = false) -> Duration? {
        stateStore.state.state.nextEvent(
            at: timeSource.now(), step: clock.step, showsElapsed: clock.showsElapsedWhenExpired, warnings: warnings)
    }

    /// Whether the stopwatch as last read needs a background waiter for its hook now
    /// (`StopwatchState.awaitsHook(at:)`).
    public var awaitsHook: Bool {
        stateStore.state.state.awaitsHook(at: timeSource.now())
    }

    /// Has the stored hook do what it is due for now (`FireHookEventsUseCase`), publishing the
    /// state the claim read; a name never created, or deleted since, throws.
    public func fireHookEvents() throws -> FireHookEventsUseCase.Outcome {
        try useCases.fireHook.execute(name)
    }

    /// Maps the current state at the current time, publishing only a changed view state.
    public func refresh() {
        let now = timeSource.now()
        let (mapped, due) = tracked.withLock { ($0.lastMapped, $0.eventsDue) }
        guard let last = mapped else { return publish(stateStore.state.state, at: now) }
        var viewState = mapper.viewState(last.viewState, refreshedFor: last.state, at: now)
        if now.boot >= due { viewState.events = events(of: last.state, at: now) }
        published.publish(viewState)
    }

    /// The events `state` passed since the view state last published (none at the first reading:
    /// a countdown already at zero when first shown never reached it here), moving the mark on.
    private func events(of state: StopwatchState, at now: TimeReading) -> [HookEvent] {
        tracked.withLock { tracked in
            let (events, mark) = state.events(since: tracked.events ?? state.eventMark(at: now), at: now)
            tracked.events = mark
            tracked.eventsDue = state.nextEvent(at: now, warnings: true).map { now.boot + $0 } ?? .seconds(Int64.max)
            return events
        }
    }

    /// Every event the stopwatch as last read has passed since it began (`RunEventMark.start`):
    /// a countdown's zero once it is there, whenever the reader came.
    public func eventsPassed() -> [HookEvent] {
        stateStore.state.state.events(since: .start, at: timeSource.now()).events
    }

    /// Hands `events` to the hook's sinks (`FireHookEventsUseCase.announce`): `watch --notify`'s
    /// announcement, through the one path a stored hook's events take. How many failed.
    @discardableResult
    public func announce(_ events: [HookEvent], with hook: ExpiryHook) -> Int {
        useCases.fireHook.announce(events, with: hook)
    }

    @discardableResult
    public func addListener(_ listener: @escaping @Sendable (StopwatchViewState) -> Void) -> ListenerToken {
        published.addListener(listener)
    }

    public func removeListener(_ token: ListenerToken) {
        published.removeListener(token)
    }

    /// Maps `state` at `now`, the reading it was made at, judging its latest lap against the whole
    /// history when a lap is new.
    private func publish(_ state: StopwatchState, at now: TimeReading) {
        // Without a judge (a live view's tick has none), no optional statistics are made and
        // destroyed.
        var viewState =
            if let lapJudge { mapper.viewState(state, at: now, laps: lapJudge.statistics(for: state)) } else {
                mapper.viewState(state, at: now)
            }
        let events = events(of: state, at: now)
        if !events.isEmpty { viewState.events = events }
        tracked.withLock { $0.lastMapped = Mapped(state: state, viewState: viewState) }
        published.publish(viewState)
    }
}

/// A state and its view state as mapped, kept whole by reference: a refresh reads it every 10 ms.
private final class Mapped: Sendable {
    let state: StopwatchState
    let viewState: StopwatchViewState

    init(state: StopwatchState, viewState: StopwatchViewState) {
        (self.state, self.viewState) = (state, viewState)
    }
}
