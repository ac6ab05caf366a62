import Synchronization

/// Collects the values a listener is called with, from any thread, for tests to inspect.
public final class Recorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    public init() {}

    public var values: [Value] { storage.withLock { $0 } }

    public func record(_ value: Value) {
        storage.withLock { $0.append(value) }
    }
}
