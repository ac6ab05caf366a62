/// What a view can ask of one stopwatch.
public enum StopwatchAction: Sendable, Hashable {
    case start
    case pause
    case resume
    /// Start, pause or resume, whichever applies (the live view's space key).
    case toggle
    case lap(label: String?)
    case reset
    /// Reads the stored stopwatch (the `status` command).
    case load
    case delete
}
