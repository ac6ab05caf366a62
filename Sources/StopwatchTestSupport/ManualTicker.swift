import StopwatchCore
import Synchronization

/// A `Ticker` that ticks only when a test calls `tick()`.
public final class ManualTicker: Ticker {
    private let state = Mutex<(handler: (@Sendable () -> Void)?, interval: Duration?, starts: Int)>(
        (nil, nil, 0)
    )

    public init() {}

    public func start(interval: Duration, handler: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.handler = handler
            state.interval = interval
            state.starts += 1
        }
    }

    public func stop() {
        state.withLock { state in
            state.handler = nil
            state.interval = nil
        }
    }

    public var isTicking: Bool { state.withLock { $0.handler != nil } }

    /// The interval of the running ticks, or nil when stopped.
    public var interval: Duration? { state.withLock { $0.interval } }

    /// How many times `start` was called.
    public var startCount: Int { state.withLock { $0.starts } }

    /// Calls the handler `count` times, as if that many intervals passed; does nothing when stopped.
    public func tick(_ count: Int = 1) {
        for _ in 0..<count {
            guard let handler = state.withLock({ $0.handler }) else { return }
            handler()
        }
    }
}
