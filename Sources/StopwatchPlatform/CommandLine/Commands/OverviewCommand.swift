import StopwatchCore

/// `stopwatch` alone: every running or paused stopwatch and countdown, as a table. It has no
/// name of its own, so it is not in `CommandCatalog.visitCommandTypes`; the tool's help describes it.
public struct OverviewCommand: RunnableCommand {
    public init() {}

    public func run(in context: CommandContext) throws -> ExitCode {
        try context.perform(.loadActive, showing: .table)
        return .success
    }
}
