import StopwatchCore

/// `stopwatch undo`: undoes the latest change to history.
public struct UndoCommand: ToolCommand {
    static let commandName = CommandName.undo

    public init() {}

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "undo the latest change to history",
            usage: [""],
            discussion: [
                "Undo the latest change to history, whatever it was, and say which: a correction (edit, remove, split, join), a run a stopwatch's change ended (reset, restart, dismiss, a countdown or cycle replaced, delete: the stopwatch is put back as it was, its laps and plan with it), a block tracked, an import. Undo again to go further back. 'stopwatch redo' takes the latest undo back, as long as no other change came after it.",
                "A stopwatch that changed since (started again after its reset) is not overwritten: the undo is refused (exit 1). Undo is a change of its own, appended to history: nothing is rewritten. Start, pause, resume, lap, next and timer --add are undone by their opposites.",
            ],
            examples: [.init("stopwatch reset build && stopwatch undo", "build running again, its laps back")]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        try arguments.noPositionals()
        self.init()
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        let change = try ViewModelFactory(container: container).makeHistoryViewModel().undo(redo: false)
        container.presentation.output.write(HistoryView.text(change) + "\n")
        return .success
    }
}
