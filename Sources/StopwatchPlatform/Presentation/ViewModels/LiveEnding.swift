/// How a live view ends: how it came to end, and a note for standard error after the terminal is
/// given back. The command line turns the outcome into an exit status (`ExitCode(for:)`).
public struct LiveEnding: Sendable, Hashable {
    /// How the view came to end.
    public enum Outcome: Sendable, Hashable {
        /// As it should: a countdown reached zero, or the user quit a stopwatch's view.
        case done
        /// The user quit a countdown's view before zero (`q`), so `&&` runs nothing after it.
        case countdownUnfinished
        /// A signal ended it (SIGINT, SIGTERM, SIGHUP).
        case signal(Int32)
    }

    public var outcome: Outcome
    public var note: MessageMapper.Note?

    public init(_ outcome: Outcome, note: MessageMapper.Note? = nil) {
        self.outcome = outcome
        self.note = note
    }
}
