import StopwatchCore

/// One fully parsed and validated command, ready to run.
public enum Command: Sendable, Hashable {
    case start(StopwatchName, json: Bool)
    case restart(StopwatchName, json: Bool)
    case pause(StopwatchName, json: Bool)
    case toggle(StopwatchName, json: Bool)
    /// `toggle --shown`: the one a status bar shows (`StopwatchListView.pressing`), toggled, or
    /// dismissed when it is an expired countdown.
    case toggleShown(json: Bool)
    case resume(StopwatchName, json: Bool)
    case lap(StopwatchName, label: String?, json: Bool)
    case reset(StopwatchName, json: Bool)
    /// Acknowledges an expired countdown, or with no name every one (`dismissAll`).
    case dismiss(StopwatchName, json: Bool)
    case dismissAll(json: Bool)
    /// With `follow`, printed again each time its text changes, until a signal or a closed pipe.
    case status(StopwatchName, format: StatusView.Format, follow: Bool = false)
    /// `stopwatch` alone: every running or paused stopwatch and countdown.
    case overview
    case laps(StopwatchName, format: LapsView.Format)
    /// With `follow` (`.pressing` formats only), printed again each time its text changes.
    case list(format: StopwatchListView.Format, countdownsOnly: Bool = false, follow: Bool = false)
    case delete(Deletion)
    case watch(StopwatchName, notify: Bool = false)
    /// `watch --all`: the live table of every stopwatch.
    case watchAll(notify: Bool)
    /// Create (or with `replacing`, replace) a countdown and start it; then watch it live if `watch`.
    case timer(StopwatchName, length: CountdownLength, replacing: Bool, watch: Bool, json: Bool, notify: Bool = false, exec: String? = nil)
    /// `timer NAME --add [-]DURATION`: more time for a countdown, or less, and with `--notify` or
    /// `--exec`, more for its hook to do.
    case addTime(StopwatchName, change: Duration, watch: Bool, json: Bool, notify: Bool = false, exec: String? = nil)
    case wait(StopwatchName, notify: Bool = false, exec: String? = nil)
    /// The background waiter of a countdown's hook, which `timer` starts (`WaitSession.Purpose.hook`).
    case waitForHook(StopwatchName)
    case run(TimedRun)
    case stamp(since: StampSession.Since, format: StampPrefix.Format, summary: Bool)

    /// What `delete` removes.
    public enum Deletion: Sendable, Hashable {
        case names([StopwatchName])
        /// Every countdown that has expired.
        case expired
        /// The files of these stopwatches, whatever they hold.
        case files([StopwatchName])
    }

    /// What `run` runs and how it reports.
    public struct TimedRun: Sendable, Hashable {
        /// The stopwatch to record the run in, if any.
        public var name: StopwatchName?
        public var label: String?
        public var format: TimedRunView.Format
        /// Where the timing line goes instead of standard error.
        public var outputFile: String?
        /// The command and its arguments.
        public var arguments: [String]

        public init(name: StopwatchName? = nil, label: String? = nil, format: TimedRunView.Format = .human, outputFile: String? = nil, arguments: [String]) {
            self.name = name
            self.label = label
            self.format = format
            self.outputFile = outputFile
            self.arguments = arguments
        }
    }
}
