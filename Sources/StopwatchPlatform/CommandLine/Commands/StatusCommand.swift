import StopwatchCore

/// `stopwatch status [NAME]`: a stopwatch's status and time, in a format or a template; with
/// `--follow`, printed again each time its text changes.
public struct StatusCommand: ToolCommand {
    static let commandName = CommandName.status

    public var name: StopwatchName
    /// The machine whose stopwatch of the name is meant (`work@desktop`); nil for what the name
    /// means here.
    public var machine: String?
    public var format: StatusView.Format
    /// Printed again each time its text changes, until a signal or a closed pipe.
    public var follow: Bool

    public init(
        name: StopwatchName = .default, on machine: String? = nil, format: StatusView.Format = .line,
        follow: Bool = false
    ) {
        self.name = name
        self.machine = machine
        self.format = format
        self.follow = follow
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "show the status and time",
            usage: [
                "[NAME[@MACHINE]] [--format FORMAT | --json]",
                "[NAME[@MACHINE]] --format TEMPLATE|waybar|i3blocks|polybar|tmux --follow",
            ],
            discussion: [
                "Show a stopwatch's status and elapsed time, or a countdown's time left ('expired' and how long ago once it reached zero). A name never created is an error (exit 66), so a typo never reads as zero.",
                "In a state directory shared by several machines, a name is this machine's stopwatch (or another's, when only that one is in use); NAME@MACHINE is the one MACHINE keeps under NAME, as of the last sync, as 'list' shows it (work @desktop).",
                "A --format with braces is a template ({{ and }} for braces themselves). Its fields: "
                    + StatusTemplate.Field.allCases.map { "{\($0.rawValue)}, \($0.help)" }.joined(separator: "; ")
                    + ".",
            ],
            arguments: [CommandCatalog.nameOnMachineArgument],
            options: [
                OptionSpec(
                    .format, value: ValueSpec("FORMAT", .choices(of: StatusView.Format.self), acceptsTemplate: true),
                    help: "how to print it, or a template of fields in braces: '{name} {left_s}'"
                ),
                OptionSpec(.json, help: "one JSON object (the same as --format json)"),
                OptionSpec(.follow, help: CommandCatalog.followHelp),
            ],
            examples: [
                .init("stopwatch status build", "build: running 01:02.34, 2 laps"),
                .init("stopwatch status tea --format '{name} {left_s}'", "tea 04:57, for a status bar"),
                .init(
                    "stopwatch status tea --format polybar --follow",
                    "a line each second while it runs, for polybar's tail = true"),
                .init("t=$(stopwatch status build --format ms)", "the elapsed milliseconds, for a script"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        let (named, format) = (try arguments.nameOnMachine(), try Self.format(arguments))
        if arguments.flag(.follow), format.followClock == nil {
            let typed = arguments.flag(.json) ? "'--json'" : "'--format \(arguments.value(.format) ?? "")'"
            throw arguments.error(
                .followNeedsLineFormat(typed, suggestion: arguments.form.removing(.json).setting(.format, "{text}")))
        }
        self.init(name: named.name, on: named.machine, format: format, follow: arguments.flag(.follow))
    }

    /// A template, else a format by name (a bar's among them), with `--json` as `--format json`.
    private static func format(_ arguments: ParsedArguments) throws(UsageError) -> StatusView.Format {
        if let text = arguments.value(.format), StatusTemplate.isTemplate(text) {
            guard !arguments.flag(.json) else {
                throw arguments.error(.conflictingFormats("'--json'", "'--format \(text)'"))
            }
            return .template(try arguments.template(text, today: !arguments.flag(.follow)))
        }
        return try arguments.format(StatusView.Format.self, json: .json) ?? .line
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        if follow {
            return try FollowSession(
                name: name, on: machine, format: format, container: context.container(), report: context.report
            ).run()
        }
        var format = format
        // Today's fields, read first: what `today` shows of them.
        if case .template(let template) = format, template.namesToday {
            let container = try context.container()
            guard let today = ViewModelFactory(container: container).makeTodayViewModel() else {
                throw StoreFailure(.misconfigured, path: "", reason: .homeUnset)
            }
            try today.load()
            if let state = today.viewState { format = .template(template.filling(state)) }
        }
        let shown = try context.perform(machine.map { .loadOn(machine: $0) } ?? .load, on: name, showing: format)
            .viewState
        // i3blocks shows a block as urgent while its command exits 33.
        if case .bar(let bar) = format, bar.isUrgent(shown) { return .urgent }
        return .success
    }
}
