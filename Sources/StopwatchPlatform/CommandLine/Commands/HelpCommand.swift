/// `stopwatch help [COMMAND]`, and `--help` anywhere: the tool's help, or a command's.
public struct HelpCommand: ToolCommand {
    static let commandName = CommandName.help

    /// The command, or nil for the tool.
    public var topic: CommandName?

    public init(topic: CommandName? = nil) {
        self.topic = topic
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "show help for a command",
            discussion: ["Show help for the tool, or for one command."],
            arguments: [ArgumentSpec("COMMAND", .toolCommand, optional: true, help: "the command")],
            examples: [.init("stopwatch help timer", "how countdowns work")]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count <= 1 else { throw arguments.error(.tooManyTopics) }
        guard let topic = arguments.positionals.first else {
            self.init()
            return
        }
        guard CommandCatalog.command(named: topic) != nil else {
            var failure = CommandLineParser.unknownCommand(topic)
            failure.command = .help
            throw failure
        }
        self.init(topic: CommandName(rawValue: topic))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        context.output.write(CommandHelp.text(for: topic))
        return .success
    }
}
