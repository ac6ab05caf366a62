import StopwatchCore

/// `stopwatch restart [NAME] [--tag TAG,...] [--json]`: resets a stopwatch and starts it again,
/// in one step, keeping the run it ends in history.
public struct RestartCommand: StopwatchChangeCommand {
    static let commandName: CommandName = "restart"
    static let action = StopwatchAction.restart

    public var name: StopwatchName
    public var json: Bool

    /// The new run's tags (`--tag`), sorted.
    public var tags: [String] = []

    public init(name: StopwatchName = .default, json: Bool = false) {
        self.name = name
        self.json = json
    }

    public init(name: StopwatchName = .default, json: Bool = false, tags: [String]) {
        self.init(name: name, json: json)
        self.tags = tags
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        self.init(name: try arguments.name(), json: arguments.flag(.json), tags: try arguments.tags())
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        try context.perform(tags.isEmpty ? Self.action : .restartTagged(tags), on: name, showing: json ? .json : .line)
        return .success
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "reset and start again, in one step",
            discussion: [
                "Reset a stopwatch, clearing its laps, and start it again at once, whatever its status; a countdown starts again from its full duration. One that does not exist is created. The run it ends is kept in history (see 'stopwatch history'); --tag TAG,... tags the new one."
            ],
            arguments: [CommandCatalog.nameArgument],
            options: [CommandCatalog.tagOption, CommandCatalog.jsonOption],
            examples: [.init("stopwatch restart build", "time build from zero again")]
        )
    }
}
