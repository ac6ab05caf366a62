/// The port for the marks a run's hook waiter holds while it runs, so that a reader can tell
/// whether one is alive and start another only when none is.
///
/// A mark must let go by itself when its holder ends, however it ends (a `kill -9`, a reboot):
/// a stale mark would leave a run's hooks with no waiter.
public protocol WaiterMarks: Sendable {
    /// Takes the mark for the waiter of `name`, for as long as this process runs. False when it
    /// cannot be taken (the waiter then runs without one).
    @discardableResult
    func hold(_ name: StopwatchName) -> Bool
    /// Whether a waiter for `name` holds its mark now. One that cannot be told is taken as held,
    /// so that a fault never starts waiter after waiter.
    func isHeld(_ name: StopwatchName) -> Bool
}
