import StopwatchCore

/// `stopwatch pause [NAME] [--json]`: pauses a running stopwatch or countdown.
public typealias PauseCommand = SingleActionCommand<PauseAction>

/// `pause` among the commands of a single action.
public enum PauseAction: SingleAction {
    public static let commandName: CommandName = "pause"
    public static let action = StopwatchAction.pause

    public static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "pause a running stopwatch, keeping its time",
            discussion: ["Pause a running stopwatch or countdown and print its status. It keeps its time: 'stopwatch resume' goes on from there."],
            arguments: [CommandCatalog.nameArgument], options: [CommandCatalog.jsonOption],
            examples: [.init("stopwatch pause build", "hold build's time")]
        )
    }
}
