import Dispatch
import Glibc

/// Calls a handler when a file in a directory is written to, renamed into it or deleted from it:
/// how every command commits a change (a line appended to a journal, a journal put in place, one
/// removed), so another process's changes reach the live view at once, at no cost while nothing
/// changes.
public final class InotifyDirectoryMonitor: Sendable {
    private let source: DispatchSourceHolder

    /// Returns nil when the directory cannot be watched; the view then shows only its own changes.
    public init?(directory: String, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        guard inotify_add_watch(descriptor, directory, UInt32(IN_MODIFY | IN_MOVED_TO | IN_DELETE)) >= 0 else {
            close(descriptor)
            return nil
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while read(descriptor, &buffer, buffer.count) > 0 {}
            onChange()
        }
        source.setCancelHandler { close(descriptor) }
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
