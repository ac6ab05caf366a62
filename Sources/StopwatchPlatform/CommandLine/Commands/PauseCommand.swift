import StopwatchCore

/// `stopwatch pause [NAME] [--json]`: pauses a running stopwatch or countdown.
public struct PauseCommand: StopwatchChangeCommand {
    static let commandName: CommandName = "pause"
    static let action = StopwatchAction.pause

    public var name: StopwatchName
    public var json: Bool
    /// When it was paused, told after the fact; nil for now.
    public var back: BackdateWord?

    public init(name: StopwatchName = .default, json: Bool = false) {
        self.name = name
        self.json = json
    }

    public init(name: StopwatchName = .default, json: Bool = false, back: BackdateWord?) {
        self.init(name: name, json: json)
        self.back = back
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        self.init(name: try arguments.name(), json: arguments.flag(.json), back: try arguments.backdate())
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        try context.perform(back.map { .pauseBack($0) } ?? Self.action, on: name, showing: json ? .json : .line)
        return .success
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "pause a running stopwatch, keeping its time",
            usage: ["[NAME] [--ago DURATION] [--json]", "[NAME] --at HH:MM[:SS] [--json]"],
            discussion: [
                "Pause a running stopwatch or countdown and print its status. It keeps its time: 'stopwatch resume' goes on from there.",
                "Forgot to stop it? --ago DURATION or --at HH:MM pauses it as of then: never in the future, nor before it was last started, resumed or lapped (exit 64, with how far back it can go).",
                "A countdown that has expired is done: pausing it is refused (exit 1), unless as of a moment before its zero; 'stopwatch dismiss' puts it away.",
            ],
            arguments: [CommandCatalog.nameArgument],
            options: CommandCatalog.backdateOptions("pause") + [CommandCatalog.jsonOption],
            examples: [
                .init("stopwatch pause build", "hold build's time"),
                .init("stopwatch pause work --ago 20m", "you stopped working 20 minutes ago"),
            ]
        )
    }
}
