/// A command line that cannot be run as typed.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// The command whose help the message points to, if it got that far.
    public var command: CommandName?

    public init(_ message: String, command: CommandName? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String {
        let help = command.map { "stopwatch \($0.rawValue) --help" } ?? "stopwatch --help"
        return "\(message) (see '\(help)')"
    }
}
