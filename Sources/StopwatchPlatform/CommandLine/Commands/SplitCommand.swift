import StopwatchCore

/// `stopwatch split RUN WHEN [--json]`: cuts a run in two.
public struct SplitCommand: ToolCommand {
    static let commandName = CommandName.split

    public var run: RunReference
    public var at: WhenWord
    public var json: Bool

    public init(run: RunReference, at: WhenWord, json: Bool = false) {
        self.run = run
        self.at = at
        self.json = json
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "cut a run in two at an instant",
            usage: ["RUN WHEN [--json]"],
            discussion: [
                "Cut a run that ended in two at WHEN, within it, and print both: the second gets an id of its own. Its time is shared in proportion to each part's span (its pauses are not kept); a cycle's phases go where they fell; its laps stay with the first part, its overtime with the second. WHEN is as for edit: HH:MM, a date and a time, a day and a time, ISO 8601."
            ],
            arguments: [
                ArgumentSpec("RUN", .runReference, help: "a run's id, or a stopwatch's name"),
                ArgumentSpec("WHEN", .timeOfDay, help: "where to cut it"),
            ],
            options: [OptionSpec(.json, help: "print the two runs as JSON, as 'history --json' does")],
            examples: [.init("stopwatch split 4f3a2b1c 12:00", "a morning's run and an afternoon's")]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        let words = arguments.positionals
        guard words.count >= 2 else { throw arguments.error(.missingRun) }
        guard words.count == 2 else { throw arguments.error(.unexpectedArgument(words[2])) }
        self.init(
            run: try arguments.runReference(words[0]), at: try arguments.when(words[1], for: nil),
            json: arguments.flag(.json))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        try context.performOnHistory(json: json) { viewModel, now, zone in
            try viewModel.split(run, at: at.moment(now: now, zone: zone))
        }
        return .success
    }
}
