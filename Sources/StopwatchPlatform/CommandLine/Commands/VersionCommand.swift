/// `stopwatch --version`: the version. An option of the tool, not a command, so it is not in
/// `CommandCatalog.visitCommandTypes`.
public struct VersionCommand: RunnableCommand {
    public init() {}

    public func run(in context: CommandContext) throws -> ExitCode {
        context.output.write("stopwatch \(CommandCatalog.version)\n")
        return .success
    }
}
