/// What a view can ask of one stopwatch.
public enum StopwatchAction: Sendable, Hashable {
    case start
    case pause
    case resume
    case lap(label: String?)
    case reset
    /// Reads the stored stopwatch (the `status` command).
    case load
    case delete
}
