import StopwatchCore

/// `stopwatch pause [NAME] [--json]`: pauses a running stopwatch or countdown.
public struct PauseCommand: StopwatchChangeCommand {
    static let commandName: CommandName = "pause"
    static let action = StopwatchAction.pause

    public var name: StopwatchName
    public var json: Bool

    public init(name: StopwatchName = .default, json: Bool = false) {
        self.name = name
        self.json = json
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "pause a running stopwatch, keeping its time",
            discussion: ["Pause a running stopwatch or countdown and print its status. It keeps its time: 'stopwatch resume' goes on from there."],
            arguments: [CommandCatalog.nameArgument], options: [CommandCatalog.jsonOption],
            examples: [.init("stopwatch pause build", "hold build's time")]
        )
    }
}
