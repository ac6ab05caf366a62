import Dispatch
import Synchronization

/// A `Ticker` on a `DispatchSourceTimer`, the TimerService's ticking in production.
///
/// Handlers run on `queue`. On Linux the Dispatch handler type is not `@Sendable`, so the compiler
/// does not check what a handler touches: give it only state confined to `queue` or behind a lock.
public final class DispatchTicker: Ticker {
    private let queue: DispatchQueue
    private let leeway: DispatchTimeInterval
    private let source = Mutex<TimerSource?>(nil)

    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .milliseconds(1)) {
        self.queue = queue
        self.leeway = leeway
    }

    public func start(interval: Duration, handler: @escaping @Sendable () -> Void) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let nanoseconds = Int(interval / .nanoseconds(1))
        timer.schedule(deadline: .now(), repeating: .nanoseconds(nanoseconds), leeway: leeway)
        timer.setEventHandler(handler: handler)
        let previous = source.withLock { source in
            defer { source = TimerSource(timer: timer) }
            return source
        }
        previous?.timer.cancel()
        timer.resume()
    }

    public func stop() {
        let previous = source.withLock { source in
            defer { source = nil }
            return source
        }
        previous?.timer.cancel()
    }

    deinit {
        stop()
    }
}

/// A Dispatch timer source, to be kept behind the ticker's lock.
///
/// Dispatch sources may be resumed and cancelled from any thread; the type only lacks a `Sendable`
/// annotation on Linux.
private struct TimerSource: @unchecked Sendable {
    let timer: any DispatchSourceTimer
}
