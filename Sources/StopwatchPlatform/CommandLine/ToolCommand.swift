/// One command of the tool, whole in one file, as swift-argument-parser's `ParsableCommand`: its
/// declaration (arguments, options, help), how it is built from what was typed, and what it runs.
///
/// `CommandCatalog.visitCommandTypes` lists every one; the parser, help, the manual and the
/// completion scripts are made from the declarations, and nothing else switches on a command.
protocol ToolCommand: RunnableCommand {
    /// The word that names it.
    static var commandName: CommandName { get }
    /// Its declaration. Made when asked for: a command that runs pays for its own, not every
    /// command's.
    static var declaration: CommandSpec { get }
    /// Builds it from its parsed arguments, checking them against each other.
    init(parsing arguments: inout ParsedArguments) throws(UsageError)
}
