import StopwatchCore

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
    /// Creates a countdown and starts it (`timer`); an existing one is refused unless `replacing`.
    case startCountdown(CountdownLength, replacing: Bool)
    /// Reads the stored stopwatch like `load`, but one that does not exist is an error: for a
    /// command following it (`wait`), deletion ends the wait.
    case reload
    /// Starts an initial stopwatch, leaves a running one (`run NAME`, before the command).
    case startUnlessRunning
}
