import Glibc

/// An inotify descriptor watching a directory for files renamed into or deleted from it: how every
/// command commits a change, so another process's changes are seen at once, at no cost while
/// nothing changes.
final class InotifyWatch {
    let descriptor: Int32

    /// Returns nil when the directory cannot be watched.
    init?(directory: String) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        guard inotify_add_watch(descriptor, directory, UInt32(IN_MOVED_TO | IN_DELETE)) >= 0 else {
            close(descriptor)
            return nil
        }
    }

    deinit {
        close(descriptor)
    }

    /// Has the kernel send this process SIGIO when events arrive, for a thread that takes its
    /// signals with `sigwaitinfo` (`wait`); returns false if it cannot.
    func signalOnChange() -> Bool {
        fcntl(descriptor, F_SETOWN, getpid()) == 0 && fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_ASYNC) == 0
    }

    /// Reads every pending event away; what changed is read from the store, not from the events.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }
}
