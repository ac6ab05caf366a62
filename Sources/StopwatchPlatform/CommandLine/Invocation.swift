/// What the command line asks for: a command, help on a topic, or the version.
public enum Invocation: Sendable, Hashable {
    case run(Command)
    /// Help for one command, or for the tool when nil.
    case help(CommandName?)
    case version
}
