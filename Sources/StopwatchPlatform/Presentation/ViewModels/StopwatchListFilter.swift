import StopwatchCore

/// Which stored stopwatches a listing shows.
public enum StopwatchListFilter: Sendable, Hashable {
    case all
    /// Running and paused ones (`stopwatch` alone).
    case active
    /// Countdowns, whatever their status (`list --countdowns`, what `wait` takes).
    case countdowns

    func includes(_ state: StopwatchState) -> Bool {
        switch self {
        case .all: true
        case .active: state.status != .initial
        case .countdowns: state.offers(.wait)
        }
    }
}
