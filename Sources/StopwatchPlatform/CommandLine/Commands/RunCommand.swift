import StopwatchCore

/// `stopwatch run COMMAND`: times a command, and with `NAME --`, records it as a lap.
public struct RunCommand: ToolCommand {
    static let commandName = CommandName.run

    /// The stopwatch to record the run in, if any.
    public var name: StopwatchName?
    public var label: String?
    public var format: TimedRunView.Format
    /// Where the timing line goes instead of standard error.
    public var outputFile: String?
    /// The command and its arguments.
    public var arguments: [String]

    public init(
        name: StopwatchName? = nil, label: String? = nil, format: TimedRunView.Format = .human,
        outputFile: String? = nil, arguments: [String]
    ) {
        self.name = name
        self.label = label
        self.format = format
        self.outputFile = outputFile
        self.arguments = arguments
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "time a command",
            usage: ["[OPTIONS] COMMAND [ARG...]", "NAME [OPTIONS] -- COMMAND [ARG...]"],
            discussion: [
                "Run COMMAND with the same standard input, output and error, time it on the monotonic (boot) clock, and print how long it took to standard error when it ends. Everything from the first word that is not an option is the command; with '--', the word before it is a stopwatch NAME to record the run in, as a lap of the command's own time (the stopwatch is started first if it is not running).",
                "Exits with COMMAND's status, 128+N if signal N killed it, 127 if it was not found, 126 if it could not be run, and 125 if stopwatch itself failed (a usage error, a refused or unreadable stopwatch). SIGINT, SIGTERM, SIGHUP and SIGQUIT are passed on to COMMAND.",
            ],
            arguments: [
                ArgumentSpec(
                    "NAME", .stopwatchName, optional: true, followedBy: "--",
                    help: "a stopwatch to record the run in (before '--')"),
                ArgumentSpec("COMMAND", .command, repeating: true, help: "the command and its arguments"),
            ],
            options: [
                OptionSpec(
                    .label, value: ValueSpec("TEXT", .text),
                    help: "the lap's label (default: the command line); needs NAME"),
                OptionSpec(
                    .format, value: ValueSpec("FORMAT", .choices(of: TimedRunView.Format.self)),
                    help: "how to print the time"
                ),
                OptionSpec(.json, help: "one JSON object (the same as --format json)"),
                OptionSpec(.quiet, help: "print nothing"),
                OptionSpec(
                    .output, short: "-o", value: ValueSpec("FILE", .file),
                    help: "write the time to FILE instead of standard error ('-' for standard output)"),
            ],
            examples: [
                .init("stopwatch run make -j4", "make -j4 took 01:02.34"),
                .init("stopwatch run ci --label build -- make", "record the build as a lap of ci"),
            ]
        )
    }

    init(parsing parsed: inout ParsedArguments) throws(UsageError) {
        guard let arguments = parsed.form.commandArguments, !arguments.isEmpty else {
            throw parsed.error(.runNeedsCommand)
        }
        // The view's own formats, by the words `--format` takes; `--json` and `--quiet` are aliases.
        var format = try parsed.format(TimedRunView.Format.self, json: .json) ?? .human
        if parsed.flag(.quiet) {
            guard !parsed.flag(.format), !parsed.flag(.json) else { throw parsed.error(.quietExcludesFormats) }
            format = .quiet
        }
        let name = parsed.positionals.isEmpty ? nil : try parsed.name()
        if parsed.flag(.label), name == nil { throw parsed.error(.labelNeedsName) }
        self.init(
            name: name, label: try parsed.label(), format: format, outputFile: parsed.value(.output),
            arguments: arguments)
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        try RunSession(request: self, container: context.container()).run()
    }

    /// Stopwatch's own failures, a usage error included, are 125, so that they never read as the
    /// command's status; the command's launch keeps its own (126, 127).
    public static func exitCode(for error: any Error) -> ExitCode {
        error is ChildProcess.LaunchError ? ExitCode(for: error) : .runFailed
    }
}
