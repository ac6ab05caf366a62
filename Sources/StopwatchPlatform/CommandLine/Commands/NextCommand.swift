import StopwatchCore

/// `stopwatch next [NAME]`: ends a cycle's phase now and begins the next.
public struct NextCommand: ToolCommand {
    static let commandName: CommandName = "next"

    public var name: StopwatchName
    public var json: Bool

    public init(name: StopwatchName = .cycle, json: Bool = false) {
        self.name = name
        self.json = json
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "end a cycle's phase and begin the next",
            discussion: [
                "End the phase a cycle is in now, and begin the next: during a break, it skips the rest of the break; at the last phase, it ends the cycle. The phases after it keep their lengths, so the cycle ends that much sooner. It works on a running or a paused cycle, and prints its new status."
            ],
            arguments: [ArgumentSpec("NAME", .stopwatchName, optional: true, help: "the cycle (default: cycle)")],
            options: [CommandCatalog.jsonOption],
            examples: [.init("stopwatch next", "cycle: running break 2/8 05:00.00 left of 05:00.00")]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        self.init(name: try arguments.name(default: .cycle), json: arguments.flag(.json))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        try context.perform(.nextPhase, on: name, showing: json ? .json : .line)
        return .success
    }
}
