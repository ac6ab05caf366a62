import StopwatchPlatform
import Synchronization

/// A `TextOutput` that keeps what was written: a simulated command's standard output or error.
public final class TextRecorder: TextOutput {
    private let storage = Mutex("")

    public init() {}

    public var text: String { storage.withLock { $0 } }

    public func write(_ text: String) {
        storage.withLock { $0 += text }
    }
}
