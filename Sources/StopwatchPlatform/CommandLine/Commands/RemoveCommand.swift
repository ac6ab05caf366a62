import StopwatchCore

/// `stopwatch remove RUN... [--json]`: takes runs out of history.
public struct RemoveCommand: ToolCommand {
    static let commandName = CommandName.remove

    public var runs: [RunReference]
    public var json: Bool

    public init(runs: [RunReference], json: Bool = false) {
        self.runs = runs
        self.json = json
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "take runs out of history",
            usage: ["RUN... [--json]"],
            discussion: [
                "Take the runs out of history, all or none, and print them. RUN is a run's id as history shows it (or its first digits, at least 4), or a stopwatch's name: the run it holds now, else its latest. The run a stopwatch holds now is thrown away: the stopwatch is reset without keeping it. 'stopwatch delete' deletes a stopwatch, keeping its runs; 'stopwatch undo' takes a removal back."
            ],
            arguments: [
                ArgumentSpec("RUN", .runReference, repeating: true, help: "a run's id, or a stopwatch's name")
            ],
            options: [OptionSpec(.json, help: "print the runs removed as JSON, as 'history --json' does")],
            examples: [.init("stopwatch remove 4f3a2b1c", "a run timed by mistake")]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw arguments.error(.missingRun) }
        var runs: [RunReference] = []
        for text in arguments.positionals { runs.append(try arguments.runReference(text)) }
        self.init(runs: runs, json: arguments.flag(.json))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        try context.performOnHistory(json: json) { viewModel, _, _ in try viewModel.remove(runs) }
        return .success
    }
}
