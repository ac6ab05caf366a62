import StopwatchCore

/// What a view can ask of the set of stored stopwatches.
public enum StopwatchListAction: Sendable, Hashable {
    /// Reads every stopwatch.
    case load
    /// Reads every stopwatch and shows the running and paused ones (`stopwatch` alone).
    case loadActive
    /// Reads every stopwatch and shows the countdowns (`list --countdowns`).
    case loadCountdowns
    /// Reads the state files one at a time up to the first running or paused one (with
    /// `countdownsOnly`, the first such countdown), and shows it alone (`list --quiet`).
    case loadFirstActive(countdownsOnly: Bool)
    /// Reads the names alone, no state file (`list --names`, for shell completion).
    case loadNames
    /// Deletes these stopwatches, all or none: for a name `on` gives a machine, the one that
    /// machine keeps.
    case delete([StopwatchName], on: [StopwatchName: String] = [:])
    /// Deletes every countdown that has expired, and shows the names deleted.
    case deleteExpired
    /// Dismisses every countdown that has expired (resets it), and shows those dismissed.
    case dismissExpired
    /// Deletes the files of these stopwatches, whatever they hold.
    case deleteFiles([StopwatchName])
}
