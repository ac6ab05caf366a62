import Glibc

/// Has the kernel send this process SIGIO whenever a file in a directory is written to, created,
/// renamed or deleted: Linux's directory notification (`fcntl(F_NOTIFY)`), for a thread that takes
/// its signals with `sigwaitinfo` (`wait`).
///
/// `wait` uses it rather than inotify because closing an inotify descriptor waits for the kernel
/// to retire the watch, at exit too: 0.1 ms as a rule, but seen taking 16 ms, after the countdown
/// had expired. Dropping a dnotify watch is left to the kernel's background work. A signal says
/// only that something changed; what changed is read from the store.
final class DnotifyWatch: Sendable {
    // From <linux/fcntl.h>, which Glibc's module leaves out without _GNU_SOURCE.
    private static let notify: Int32 = 1026  // F_NOTIFY
    private static let modify: Int32 = 0x2, create: Int32 = 0x4, delete: Int32 = 0x8, rename: Int32 = 0x10
    private static let multishot = Int32(bitPattern: 0x8000_0000)

    private let descriptor: Int32

    /// Returns nil when the directory cannot be watched.
    init?(directory: String) {
        descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let events = Self.modify | Self.create | Self.delete | Self.rename | Self.multishot
        guard fcntl(descriptor, Self.notify, events) == 0 else {
            close(descriptor)
            return nil
        }
    }

    deinit {
        close(descriptor)
    }
}
