import Glibc
import StopwatchCore

/// `WaiterMarks` as locks on files: each waiter holds an exclusive
/// `flock` on `waiters/NAME` (`waiters/.away` for the away watcher) in the state directory while
/// it runs, which the kernel lets go when it ends, however it ends (a `kill -9`, a reboot). A
/// second process that asks for it is refused at once (two started in one instant: one holds,
/// the other is told), and a reader that can take the lock itself knows none holds it.
///
/// The file itself says nothing and is never removed: a lock, not a pid file, so a stale one
/// cannot lie. Its descriptor is closed on exec, so a hook's command that outlives its waiter
/// does not pass for one.
public struct FlockWaiterMarks: WaiterMarks {
    static let directoryName = "waiters"
    let stateDirectory: String

    public init(stateDirectory: String) {
        self.stateDirectory = stateDirectory
    }

    private func path(_ mark: WaiterMark) -> String {
        stateDirectory + "/" + Self.directoryName + "/" + mark.key
    }

    /// Takes `mark` alone, for as long as this process runs: the descriptor is left open on
    /// purpose. False when another process holds it, or it cannot be taken. A reader's look
    /// (`isHeld`) holds it for an instant too, and may so refuse a waiter just started; but a
    /// reader that found it free starts a waiter itself, so one always ends up holding it.
    @discardableResult
    public func hold(_ mark: WaiterMark) -> Bool {
        _ = mkdir(stateDirectory + "/" + Self.directoryName, 0o700)
        let descriptor = open(path(mark), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return false
        }
        return true
    }

    /// Whether a process holds `mark` now. A mark never made is not held; one that
    /// cannot be read is taken as held, so that an unreadable directory never starts waiter
    /// after waiter.
    public func isHeld(_ mark: WaiterMark) -> Bool {
        let descriptor = open(path(mark), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno != ENOENT }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return false }
        return true
    }
}
