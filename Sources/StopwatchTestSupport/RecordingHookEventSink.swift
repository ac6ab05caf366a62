import StopwatchCore
import Synchronization

/// A `HookEventSink` that keeps what it is handed, with the hook, and fails when told to.
public final class RecordingHookEventSink: HookEventSink {
    private let recorded = Mutex<[(HookEvent, ExpiryHook)]>([])
    private let fails: Bool

    public init(failing fails: Bool = false) {
        self.fails = fails
    }

    public var events: [HookEvent] { recorded.withLock { $0.map(\.0) } }
    public var hooks: [ExpiryHook] { recorded.withLock { $0.map(\.1) } }

    public func deliver(_ event: HookEvent, for hook: ExpiryHook) -> Bool {
        recorded.withLock { $0.append((event, hook)) }
        return !fails
    }
}
