import StopwatchCore
import Synchronization

/// `WaiterMarks` in memory: the names whose waiter holds its mark, which a test can let go of as
/// a killed waiter's kernel would.
public final class InMemoryWaiterMarks: WaiterMarks {
    private let held = Mutex<Set<StopwatchName>>([])

    public init() {}

    @discardableResult
    public func hold(_ name: StopwatchName) -> Bool {
        held.withLock { _ = $0.insert(name) }
        return true
    }

    public func isHeld(_ name: StopwatchName) -> Bool {
        held.withLock { $0.contains(name) }
    }

    /// The waiter of `name` ended: its mark goes.
    public func letGo(_ name: StopwatchName) {
        held.withLock { _ = $0.remove(name) }
    }
}
