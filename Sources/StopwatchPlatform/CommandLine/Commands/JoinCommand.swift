import StopwatchCore

/// `stopwatch join RUN RUN [--json]`: makes two runs of one name one.
public struct JoinCommand: ToolCommand {
    static let commandName = CommandName.join

    public var first: RunReference
    public var second: RunReference
    public var json: Bool

    public init(_ first: RunReference, _ second: RunReference, json: Bool = false) {
        self.first = first
        self.second = second
        self.json = json
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "make two runs of one name one",
            usage: ["RUN RUN [--json]"],
            discussion: [
                "Join two runs of one name that ended, one after the other with no run of theirs between, into one from the first's start to the second's end, and print it: their times and tags together, the time between them a pause. It keeps the earlier's id and laps. Runs of other plans, and a cycle's, are not joined."
            ],
            arguments: [
                ArgumentSpec("RUN", .runReference, help: "a run's id"),
                ArgumentSpec("RUN", .runReference, help: "another run's id, of the same name"),
            ],
            options: [OptionSpec(.json, help: "print the run as JSON, as 'history --json' does")],
            examples: [.init("stopwatch join 4f3a2b1c 9a0e11d2", "one meeting, timed in two")]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        let words = arguments.positionals
        guard words.count >= 2 else { throw arguments.error(.missingRun) }
        guard words.count == 2 else { throw arguments.error(.unexpectedArgument(words[2])) }
        self.init(
            try arguments.runReference(words[0]), try arguments.runReference(words[1]), json: arguments.flag(.json))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        try context.performOnHistory(json: json) { viewModel, _, _ in try viewModel.join(first, second) }
        return .success
    }
}
