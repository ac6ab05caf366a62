import Dispatch

/// The port for news of the changes other processes make to the stopwatches: what lets a live
/// view, `wait` and `--follow` see another command's change at once, at no cost while nothing
/// changes. News says only that something changed; what changed is read from the store.
///
/// Each is watched before the first read, so that a change committed in between is not missed.
public protocol ChangeWatch: Sendable {
    /// `changed` on `queue` at each change; nil when changes cannot be watched (the caller then
    /// sees only its own). Cancelling the work, or letting go of it, stops the news.
    func monitor(on queue: DispatchQueue, _ changed: @escaping @Sendable () -> Void) -> ScheduledWork?
    /// This process's I/O signal (`SIGIO`) at each change, for a loop that takes its signals as
    /// events; nil when changes cannot be watched. Letting go of the work stops the signals.
    func signalling() -> ScheduledWork?
}
