import Synchronization

/// Work a `Scheduler` holds: cancelling it, or letting go of it, stops it. Cancelling twice, or
/// after a one-shot fired, does nothing.
public final class ScheduledWork: Sendable {
    private let cancellation: Mutex<(@Sendable () -> Void)?>

    /// `cancel` is the scheduler's way to stop the work; it runs once at most.
    public init(cancel: @escaping @Sendable () -> Void) {
        cancellation = Mutex(cancel)
    }

    /// Stops the work: no call of its action starts after this returns (on the scheduler's own
    /// queue or thread; one already started finishes).
    public func cancel() {
        let cancel = cancellation.withLock { cancel in
            defer { cancel = nil }
            return cancel
        }
        cancel?()
    }

    deinit {
        cancel()
    }
}
