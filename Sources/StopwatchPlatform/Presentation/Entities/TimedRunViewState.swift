/// What `stopwatch run` reports of the command it ran.
public struct TimedRunViewState: Sendable, Hashable {
    /// The command line, quoted as a shell would need it: `make -j4`, `sh -c 'exit 7'`.
    public var commandLine: String
    public var arguments: [String]
    public var elapsed: DurationViewState
    /// `0:05.12`: minutes without a leading zero, hours when there are any.
    public var compactClock: String
    /// The exit status, or 128 + the signal that killed it.
    public var status: Int32
    /// The signal that killed it, if one did.
    public var signal: Int32?
}
