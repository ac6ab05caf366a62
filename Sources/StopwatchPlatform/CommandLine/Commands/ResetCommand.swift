import StopwatchCore

/// `stopwatch reset [NAME] [--json]`: puts a stopwatch back to zero, laps cleared.
public struct ResetCommand: StopwatchChangeCommand {
    static let commandName: CommandName = "reset"
    static let action = StopwatchAction.reset

    public var name: StopwatchName
    public var json: Bool

    public init(name: StopwatchName = .default, json: Bool = false) {
        self.name = name
        self.json = json
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "back to 00:00.00, laps cleared",
            discussion: [
                "Put a stopwatch back to 00:00.00 (a countdown to its full duration), clear its laps and print its status. One already reset stays so, and that succeeds: a script needs no '|| true'."
            ],
            arguments: [CommandCatalog.nameArgument], options: [CommandCatalog.jsonOption],
            examples: [.init("stopwatch reset build", "clear build")]
        )
    }
}
