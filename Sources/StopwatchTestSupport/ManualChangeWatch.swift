import Dispatch
import StopwatchCore
import Synchronization

/// A `ChangeWatch` a test announces changes through (`announce()`), as another process's commit
/// would; it counts what is watching, so a test can tell that a session let go of its watch.
public final class ManualChangeWatch: ChangeWatch {
    private struct Monitor {
        let queue: DispatchQueue
        let changed: @Sendable () -> Void
    }
    private let monitors = Mutex<[Int: Monitor]>([:])
    private let next = Atomic<Int>(0)

    public init() {}

    /// How many monitors are watching now.
    public var watching: Int { monitors.withLock { $0.count } }
    /// How many monitors were ever made.
    public var made: Int { next.load(ordering: .relaxed) }

    /// Every monitor told of a change, on its own queue.
    public func announce() {
        for monitor in monitors.withLock({ Array($0.values) }) { monitor.queue.async(execute: monitor.changed) }
    }

    public func monitor(on queue: DispatchQueue, _ changed: @escaping @Sendable () -> Void) -> ScheduledWork? {
        let key = next.add(1, ordering: .relaxed).newValue
        monitors.withLock { $0[key] = Monitor(queue: queue, changed: changed) }
        return ScheduledWork { [weak self] in _ = self?.monitors.withLock { $0.removeValue(forKey: key) } }
    }

    /// A fake raises no signal: `wait` and `--follow` on it see only their own clock.
    public func signalling() -> ScheduledWork? {
        nil
    }
}
