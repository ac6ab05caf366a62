import StopwatchCore

/// `stopwatch resume [NAME] [--json]`: resumes a paused stopwatch or countdown.
public struct ResumeCommand: StopwatchChangeCommand {
    static let commandName: CommandName = "resume"
    static let action = StopwatchAction.resume

    public var name: StopwatchName
    public var json: Bool

    public init(name: StopwatchName = .default, json: Bool = false) {
        self.name = name
        self.json = json
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "resume a paused stopwatch",
            discussion: [
                "Resume a paused stopwatch or countdown from the time it was paused at, and print its status."
            ],
            arguments: [CommandCatalog.nameArgument], options: [CommandCatalog.jsonOption],
            examples: [.init("stopwatch resume build", "go on timing build")]
        )
    }
}
