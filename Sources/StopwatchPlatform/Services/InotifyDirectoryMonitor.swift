import Dispatch
import Glibc

/// Calls a handler on a queue when another process commits a change in a directory: an
/// `InotifyWatch` read by a Dispatch source, for the live view.
public final class InotifyDirectoryMonitor: Sendable {
    private let source: DispatchSourceHolder

    /// Returns nil when the directory cannot be watched; the view then shows only its own changes.
    public init?(directory: String, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) {
        guard let watch = InotifyWatch(directory: directory) else { return nil }
        let source = DispatchSource.makeReadSource(fileDescriptor: watch.descriptor, queue: queue)
        source.setEventHandler {
            watch.drain()
            onChange()
        }
        // The watch, and so its descriptor, lives until the source is cancelled.
        source.setCancelHandler { withExtendedLifetime(watch) {} }
        source.resume()
        self.source = DispatchSourceHolder(source)
    }

    public func cancel() {
        source.source.cancel()
    }
}

/// A Dispatch source kept by a Sendable owner; sources may be cancelled from any thread.
struct DispatchSourceHolder: @unchecked Sendable {
    let source: any DispatchSourceProtocol

    init(_ source: any DispatchSourceProtocol) {
        self.source = source
    }
}
