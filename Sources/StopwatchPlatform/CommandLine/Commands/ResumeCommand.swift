import StopwatchCore

/// `stopwatch resume [NAME] [--json]`: resumes a paused stopwatch or countdown.
public typealias ResumeCommand = SingleActionCommand<ResumeAction>

/// `resume` among the commands of a single action.
public enum ResumeAction: SingleAction {
    public static let commandName: CommandName = "resume"
    public static let action = StopwatchAction.resume

    public static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "resume a paused stopwatch",
            discussion: ["Resume a paused stopwatch or countdown from the time it was paused at, and print its status."],
            arguments: [CommandCatalog.nameArgument], options: [CommandCatalog.jsonOption],
            examples: [.init("stopwatch resume build", "go on timing build")]
        )
    }
}
