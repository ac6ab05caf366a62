import StopwatchCore

/// `stopwatch start [NAME] [--json]`: starts a stopwatch never started, or reset.
public struct StartCommand: StopwatchChangeCommand {
    static let commandName = CommandName.start
    static let action = StopwatchAction.start

    public var name: StopwatchName
    public var json: Bool

    public init(name: StopwatchName = .default, json: Bool = false) {
        self.name = name
        self.json = json
    }

    static var declaration: CommandSpec {
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
