import StopwatchCore

/// `stopwatch lap [NAME] [--label TEXT] [--json]`: records a lap and prints it.
public struct LapCommand: ToolCommand {
    static let commandName: CommandName = "lap"

    public var name: StopwatchName
    public var label: String?
    public var json: Bool

    public init(name: StopwatchName = .default, label: String? = nil, json: Bool = false) {
        self.name = name
        self.label = label
        self.json = json
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "record a lap and print it",
            discussion: [
                "Record a lap on a running stopwatch and print it: its number, its time since the previous lap, the total at the split and the label."
            ],
            arguments: [CommandCatalog.nameArgument],
            options: [
                OptionSpec(
                    .label, value: ValueSpec("TEXT", .text),
                    help: "a label: up to 256 characters, no control characters"),
                OptionSpec(.json, help: "print the stopwatch as JSON with the lap"),
            ],
            examples: [.init("stopwatch lap build --label compile", "record lap 'compile' of build")]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        self.init(name: try arguments.name(), label: try arguments.label(), json: arguments.flag(.json))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        try context.perform(.lap(label: label), on: name, showing: json ? .jsonWithLap : .lap)
        return .success
    }
}
