import StopwatchCore

/// What a live view answers to a key or a script's line.
public enum LiveResponse: Sendable, Hashable {
    /// Done, or nothing to do: the view state shows it.
    case done
    /// A word for the live line: a key that asks for another, or does not apply to what is shown.
    case hint(LiveHint)
    /// The action does not apply now; nothing changed.
    case refused(StopwatchError)
    /// A script's line that is no command.
    case unknown(String)
    case end(LiveEnding)
}
