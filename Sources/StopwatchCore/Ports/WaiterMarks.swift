/// The port for the marks a background process holds while it runs (a run's hook waiter, the
/// away watcher: `WaiterMark`), so that a reader can tell whether one is alive and start another
/// only when none is.
///
/// A mark must let go by itself when its holder ends, however it ends (a `kill -9`, a reboot):
/// a stale mark would leave a run's hooks with no waiter.
public protocol WaiterMarks: Sendable {
    /// Takes `mark`, for as long as this process runs, alone: false when another process holds
    /// it (the away watcher then ends before it listens: one a machine) or it cannot be taken (a
    /// hook's waiter then runs without one).
    @discardableResult
    func hold(_ mark: WaiterMark) -> Bool
    /// Whether a process holds `mark` now. One that cannot be told is taken as held, so that a
    /// fault never starts process after process.
    func isHeld(_ mark: WaiterMark) -> Bool
}
