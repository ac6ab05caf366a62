import StopwatchCore
import Synchronization

/// `WaiterMarks` in memory: the marks held, which a test can let go of as a killed waiter's
/// kernel would.
public final class InMemoryWaiterMarks: WaiterMarks {
    private let held = Mutex<Set<WaiterMark>>([])

    public init() {}

    @discardableResult
    public func hold(_ mark: WaiterMark) -> Bool {
        held.withLock { $0.insert(mark).inserted }
    }

    public func isHeld(_ mark: WaiterMark) -> Bool {
        held.withLock { $0.contains(mark) }
    }

    /// The holder of `mark` ended: the mark goes.
    public func letGo(_ mark: WaiterMark) {
        held.withLock { _ = $0.remove(mark) }
    }
}
