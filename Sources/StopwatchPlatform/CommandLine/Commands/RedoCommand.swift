import StopwatchCore

/// `stopwatch redo`: takes the latest undo back.
public struct RedoCommand: ToolCommand {
    static let commandName = CommandName.redo

    public init() {}

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "do again what the latest undo undid",
            usage: [""],
            discussion: [
                "Take the latest undo back: the change it undid is done again (a stopwatch set as that change left it), and say which. Possible as long as no other change came after the undo; each redo takes back the undo before it."
            ],
            examples: [.init("stopwatch undo && stopwatch redo", "as it was before the undo")]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        try arguments.noPositionals()
        self.init()
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        let change = try ViewModelFactory(container: container).makeHistoryViewModel().undo(redo: true)
        container.presentation.output.write(HistoryView.text(change) + "\n")
        return .success
    }
}
