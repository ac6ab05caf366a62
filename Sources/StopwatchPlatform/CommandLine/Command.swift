import StopwatchCore

/// One fully parsed and validated command, ready to run.
public enum Command: Sendable, Hashable {
    case start(StopwatchName)
    case pause(StopwatchName)
    case resume(StopwatchName)
    case lap(StopwatchName, label: String?)
    case reset(StopwatchName)
    case status(StopwatchName, format: StatusView.Format)
    case laps(StopwatchName, format: LapsView.Format)
    case list(format: StopwatchListView.Format)
    case delete(StopwatchName)
    case watch(StopwatchName)
    /// Create (or with `replacing`, replace) a countdown and start it; then watch it live if `watch`.
    case timer(StopwatchName, length: CountdownLength, replacing: Bool, watch: Bool)
    case wait(StopwatchName)
    /// Run `arguments` timed; record a lap in the stopwatch if one is named.
    case run(StopwatchName?, label: String?, format: TimedRunView.Format, arguments: [String])
    case stamp(since: StampSession.Since, format: StampPrefix.Format, summary: Bool)
}
