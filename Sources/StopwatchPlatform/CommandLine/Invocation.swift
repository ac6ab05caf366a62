/// What the command line asks for: a command, or something about the tool itself, answered
/// without the state directory: help on a topic, the version, a completion script, the manual.
public enum Invocation: Sendable, Hashable {
    case run(Command)
    /// Help for one command, or for the tool when nil.
    case help(CommandName?)
    case version
    case completions(CompletionScript.Shell)
    case manual
}
