import StopwatchCore

/// `stopwatch dismiss [NAME]`: acknowledges an expired countdown, or with no name every one.
public struct DismissCommand: ToolCommand {
    static let commandName: CommandName = "dismiss"

    /// The countdown, or nil for every expired one.
    public var name: StopwatchName?
    public var json: Bool

    public init(name: StopwatchName?, json: Bool = false) {
        self.name = name
        self.json = json
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "acknowledge an expired countdown",
            usage: ["[NAME] [--json]"],
            discussion: [
                "Acknowledge a countdown that has expired: it is reset to its full duration, so it leaves the status bars, 'stopwatch' and 'list --quiet', and 'start' runs it again. With no NAME, every countdown that has expired (but another machine's, in a state directory shared with it, which is dismissed there); each one dismissed is printed as 'status' prints it, and a note says when there was none. A countdown with time left, or a stopwatch, is refused (exit 1); 'delete' removes one instead."
            ],
            arguments: [
                ArgumentSpec("NAME", .countdownName, optional: true, help: "the countdown (default: every expired one)")
            ],
            options: [
                OptionSpec(
                    .json,
                    help: "print what was dismissed as JSON: the countdown, or with no NAME, as 'list --json' does")
            ],
            examples: [
                .init("stopwatch dismiss tea", "tea: initial 25:00.00 left of 25:00.00"),
                .init("stopwatch dismiss", "every expired countdown"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        self.init(name: arguments.positionals.isEmpty ? nil : try arguments.name(), json: arguments.flag(.json))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        if let name {
            try context.perform(.dismiss, on: name, showing: json ? .json : .line)
        } else {
            try context.perform(.dismissExpired, showing: json ? .json : .lines)
        }
        return .success
    }
}
