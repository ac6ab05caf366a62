import StopwatchCore

/// `stopwatch restart [NAME] [--json]`: resets a stopwatch and starts it again, in one step.
public struct RestartCommand: StopwatchChangeCommand {
    static let commandName: CommandName = "restart"
    static let action = StopwatchAction.restart

    public var name: StopwatchName
    public var json: Bool

    public init(name: StopwatchName = .default, json: Bool = false) {
        self.name = name
        self.json = json
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "reset and start again, in one step",
            discussion: [
                "Reset a stopwatch, clearing its laps, and start it again at once, whatever its status; a countdown starts again from its full duration. One that does not exist is created."
            ],
            arguments: [CommandCatalog.nameArgument], options: [CommandCatalog.jsonOption],
            examples: [.init("stopwatch restart build", "time build from zero again")]
        )
    }
}
