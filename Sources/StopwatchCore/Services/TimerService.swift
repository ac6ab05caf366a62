import Synchronization

/// Asks its listeners to look at the time again every 10 ms while started.
///
/// It keeps no time of its own: elapsed time is always read from the clocks, and a late or missed
/// tick only delays a redraw. `follow(_:)` ties it to a stopwatch, so it ticks only while that
/// stopwatch runs and an idle view costs no CPU.
public final class TimerService: Sendable {
    public static let defaultInterval = Duration.milliseconds(10)

    private let ticker: any Ticker
    private let interval: Duration
    private let started = Mutex(false)
    private let listeners = ListenerRegistry<Void>()

    public init(ticker: any Ticker, interval: Duration = TimerService.defaultInterval) {
        self.ticker = ticker
        self.interval = interval
    }

    public var isRunning: Bool {
        started.withLock { $0 }
    }

    /// Starts ticking; does nothing when already started.
    public func start() {
        let wasStarted = started.withLock { started in
            defer { started = true }
            return started
        }
        guard !wasStarted else { return }
        ticker.start(interval: interval) { [listeners] in listeners.notify(()) }
    }

    /// Stops ticking; does nothing when already stopped.
    public func stop() {
        let wasStarted = started.withLock { started in
            defer { started = false }
            return started
        }
        guard wasStarted else { return }
        ticker.stop()
    }

    @discardableResult
    public func addListener(_ onTick: @escaping @Sendable () -> Void) -> ListenerToken {
        listeners.add { onTick() }
    }

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
    public func follow<State: Sendable>(_ store: StateStore<State>, while needsTicks: @escaping @Sendable (State) -> Bool) -> ListenerToken {
        let token = store.addListener { [weak self] state in self?.match(needsTicks(state)) }
        match(needsTicks(store.state))
        return token
    }

    private func match(_ ticking: Bool) {
        if ticking { start() } else { stop() }
    }
}
