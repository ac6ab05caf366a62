import StopwatchCore

/// `stopwatch start [NAME] [--json]`: starts a stopwatch never started, or reset.
public typealias StartCommand = SingleActionCommand<StartAction>

/// `start` among the commands of a single action.
public enum StartAction: SingleAction {
    public static let commandName = CommandName.start
    public static let action = StopwatchAction.start

    public static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "start a stopwatch",
            discussion: [
                "Start a stopwatch that was never started, or was reset, and print its status; one that does not exist is created. A running or paused one is refused (exit 1): 'stopwatch restart' starts it over, 'stopwatch resume' goes on with a paused one."
            ],
            arguments: [CommandCatalog.nameArgument], options: [CommandCatalog.jsonOption],
            examples: [.init("stopwatch start build", "start the stopwatch named build")]
        )
    }
}
