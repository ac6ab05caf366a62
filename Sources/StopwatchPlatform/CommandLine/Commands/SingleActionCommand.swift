import StopwatchCore

/// `stopwatch COMMAND [NAME] [--json]` for a `SingleAction`: performs its action on the one
/// stopwatch and prints it, as a line or as JSON.
public struct SingleActionCommand<Action: SingleAction>: ToolCommand {
    public var name: StopwatchName
    public var json: Bool

    public init(name: StopwatchName = .default, json: Bool = false) {
        self.name = name
        self.json = json
    }

    static var commandName: CommandName { Action.commandName }
    static var declaration: CommandSpec { Action.declaration }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        self.init(name: try arguments.name(), json: arguments.flag(.json))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        try context.perform(Action.action, on: name, showing: json ? .json : .line)
        return .success
    }
}
