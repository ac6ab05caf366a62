import Dispatch
import StopwatchCore

/// `ChangeWatch` on a directory: every command commits a change by a file written, renamed into
/// it or removed from it. A live view's news comes by inotify (`InotifyDirectoryMonitor`), a
/// signal by dnotify (`DnotifyWatch`, which lets go at exit without waiting on the kernel).
public struct DirectoryChangeWatch: ChangeWatch {
    let directory: String
    /// Makes the directory if it is not there yet, so that its first change is seen; false when
    /// it cannot be.
    let prepare: @Sendable () -> Bool

    public init(directory: String, prepare: @escaping @Sendable () -> Bool) {
        self.directory = directory
        self.prepare = prepare
    }

    public func monitor(on queue: DispatchQueue, _ changed: @escaping @Sendable () -> Void) -> ScheduledWork? {
        guard prepare(), let monitor = InotifyDirectoryMonitor(directory: directory, queue: queue, onChange: changed)
        else { return nil }
        return ScheduledWork { monitor.cancel() }
    }

    public func signalling() -> ScheduledWork? {
        guard prepare(), let watch = DnotifyWatch(directory: directory) else { return nil }
        // The descriptor closes with the watch, once the work lets go of it.
        return ScheduledWork { withExtendedLifetime(watch) {} }
    }
}
