import StopwatchCore

/// `stopwatch completions SHELL`: prints a shell's completion script.
public struct CompletionsCommand: ToolCommand {
    static let commandName: CommandName = "completions"

    public var shell: CompletionScript.Shell

    public init(shell: CompletionScript.Shell) {
        self.shell = shell
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "print a shell completion script",
            discussion: [
                "Print the completion script for bash, zsh or fish. It completes commands, options, the values an option takes and the names of stopwatches, and is made from the same declaration as this help. scripts/install.sh installs all three."
            ],
            arguments: [
                ArgumentSpec("SHELL", .choices(of: CompletionScript.Shell.self), help: "the shell")
            ],
            examples: [
                .init("source <(stopwatch completions bash)", "complete in this bash session"),
                .init("stopwatch completions fish | source", "the same in fish"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        let names = CompletionScript.Shell.allCases.map(\.rawValue)
        guard arguments.positionals.count == 1, let text = arguments.positionals.first else {
            throw arguments.error(.missingShell(shells: names))
        }
        guard let shell = CompletionScript.Shell(rawValue: text) else {
            throw arguments.error(
                .unknownChoice(
                    text, option: nil, placeholder: "shell", choices: names,
                    closest: ClosestMatch.to(text, among: names)))
        }
        self.init(shell: shell)
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        context.output.write(CompletionScript.text(for: shell))
        return .success
    }
}
