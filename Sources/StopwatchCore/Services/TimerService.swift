import Synchronization

/// Asks its listeners to look at the time again every 10 ms while started, on a `Scheduler`.
///
/// It keeps no time of its own: elapsed time is always read from the clocks, and a late or missed
/// tick only delays a redraw. `follow(_:)` ties it to a stopwatch, so it ticks only while that
/// stopwatch runs and an idle view costs no CPU.
public final class TimerService: Sendable {
    /// How often a started service ticks unless told otherwise: the design's 10 ms.
    public static let defaultInterval = Duration.milliseconds(10)

    private let scheduler: any Scheduler
    private let interval: Duration
    /// The ticks while started; nil while stopped.
    private let ticks = Mutex<ScheduledWork?>(nil)
    private let listeners = ListenerRegistry<Void>()

    /// A stopped service that will tick every `interval` on `scheduler` once started.
    public init(scheduler: any Scheduler, interval: Duration = TimerService.defaultInterval) {
        self.scheduler = scheduler
        self.interval = interval
    }

    /// Whether it ticks now (started and not stopped since).
    public var isRunning: Bool {
        ticks.withLock { $0 } != nil
    }

    /// Starts ticking; does nothing when already started.
    public func start() {
        guard !isRunning else { return }
        let work = scheduler.every(interval) { [listeners] in listeners.notify(()) }
        let previous = ticks.withLock { ticks in
            defer { ticks = ticks ?? work }
            return ticks
        }
        // Started meanwhile by another thread: this one's ticks are not needed.
        if previous != nil { work.cancel() }
    }

    /// Stops ticking; does nothing when already stopped.
    public func stop() {
        let work = ticks.withLock { ticks in
            defer { ticks = nil }
            return ticks
        }
        work?.cancel()
    }

    /// Calls `onTick` at every tick while started, on the scheduler's queue; the tick carries no
    /// time, so `onTick` reads the clocks itself.
    @discardableResult
    public func addListener(_ onTick: @escaping @Sendable () -> Void) -> ListenerToken {
        listeners.add { onTick() }
    }

    /// Stops calling the listener `token` stands for.
    public func removeListener(_ token: ListenerToken) {
        listeners.remove(token)
    }

    /// Starts and stops with the stopwatch in `store`: ticking while it runs, idle otherwise.
    @discardableResult
    public func follow(_ store: StateStore<StopwatchSnapshot>) -> ListenerToken {
        follow(store) { $0.state.status == .running }
    }

    /// Starts and stops with any state: ticking while `needsTicks` says so of the state in
    /// `store` (`watch --all`: while some stopwatch runs short of zero), idle otherwise.
    @discardableResult
    public func follow<State: Sendable>(
        _ store: StateStore<State>, while needsTicks: @escaping @Sendable (State) -> Bool
    ) -> ListenerToken {
        let token = store.addListener { [weak self] state in self?.match(needsTicks(state)) }
        match(needsTicks(store.state))
        return token
    }

    private func match(_ ticking: Bool) {
        if ticking { start() } else { stop() }
    }
}
