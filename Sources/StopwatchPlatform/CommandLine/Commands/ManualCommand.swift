/// `stopwatch manual`: prints the manual page, in roff.
public struct ManualCommand: ToolCommand {
    static let commandName: CommandName = "manual"

    public init() {}

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "print the manual page",
            discussion: [
                "Print the manual page, in roff, made from the same declaration as this help. scripts/install.sh installs it."
            ],
            examples: [.init("stopwatch manual | man -l -", "read the manual without installing it")]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        try arguments.noPositionals()
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        context.output.write(ManualPage.text)
        return .success
    }
}
