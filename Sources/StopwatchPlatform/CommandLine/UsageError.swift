/// A command line that cannot be run as typed.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// The command whose help the message points to, if it got that far.
    public var command: CommandName?
    /// The word typed where a command belongs, when it is no command: the runner checks whether it
    /// names a stopwatch, to suggest `stopwatch status WORD`.
    public var unknownCommand: String?
    /// False when the message itself says what to type instead (`did you mean '5m'?`): then it
    /// needs no pointer to the help, and stays short enough for one line.
    public var pointsToHelp: Bool

    public init(_ message: String, command: CommandName? = nil, unknownCommand: String? = nil, pointsToHelp: Bool = true) {
        self.message = message
        self.command = command
        self.unknownCommand = unknownCommand
        self.pointsToHelp = pointsToHelp
    }

    public var description: String {
        guard pointsToHelp else { return message }
        let help = command.map { "stopwatch \($0.rawValue) --help" } ?? "stopwatch --help"
        return "\(message) (see '\(help)')"
    }
}
