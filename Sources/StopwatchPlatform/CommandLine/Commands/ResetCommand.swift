import StopwatchCore

/// `stopwatch reset [NAME] [--json]`: puts a stopwatch back to zero, laps cleared.
public typealias ResetCommand = SingleActionCommand<ResetAction>

/// `reset` among the commands of a single action.
public enum ResetAction: SingleAction {
    public static let commandName: CommandName = "reset"
    public static let action = StopwatchAction.reset

    public static var declaration: CommandSpec {
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
