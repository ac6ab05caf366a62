/// What `stopwatch run` reports of the command it ran.
public struct TimedRunViewState: Sendable, Hashable {
    /// The command line, quoted as a shell would need it: `make -j4`, `sh -c 'exit 7'`.
    public var commandLine: String
    public var arguments: [String]
    public var elapsed: DurationViewState
    /// The exit status, or 128 + the signal that killed it.
    public var status: Int32
    /// The signal that killed it, if one did.
    public var signal: Int32?
    /// The stopwatch the run was recorded in, with the run as its latest lap; nil without one.
    public var stopwatch: StopwatchViewState?

    public init(
        commandLine: String, arguments: [String], elapsed: DurationViewState, status: Int32, signal: Int32?,
        stopwatch: StopwatchViewState? = nil
    ) {
        self.commandLine = commandLine
        self.arguments = arguments
        self.elapsed = elapsed
        self.status = status
        self.signal = signal
        self.stopwatch = stopwatch
    }
}
