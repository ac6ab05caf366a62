import StopwatchCore

/// `stopwatch laps [NAME] [--format table|csv|json]`: every lap, with statistics.
public struct LapsCommand: ToolCommand {
    static let commandName: CommandName = "laps"

    public var name: StopwatchName
    public var format: LapsView.Format

    public init(name: StopwatchName = .default, format: LapsView.Format = .table) {
        self.name = name
        self.format = format
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "list the laps, with statistics",
            usage: ["[NAME] [--format table|csv|json]"],
            discussion: [
                "List every lap with its number, its time, the total at the split and its label, the best and worst marked once there are two or more, then the count, minimum, maximum, mean and median."
            ],
            arguments: [CommandCatalog.nameArgument],
            options: [
                OptionSpec(.format, value: ValueSpec("FORMAT", .choices(of: LapsView.Format.self)), help: "how to print the laps"),
                OptionSpec(.csv, help: "as --format csv"),
                OptionSpec(.json, help: "as --format json"),
            ],
            examples: [.init("stopwatch laps build --csv > timings.csv", "the laps as a spreadsheet")]
        )
    }

    /// `--format table|csv|json`, with `--csv` and `--json` as its aliases.
    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        let name = try arguments.name()
        let aliases = [(OptionName.json, LapsView.Format.json), (.csv, .csv)].filter { arguments.flag($0.0) }
        if aliases.count == 2 { throw arguments.error(.conflictingFormats("'--json'", "'--csv'")) }
        let chosen = arguments.choice(.format, as: LapsView.Format.self)
        guard let (alias, format) = aliases.first else {
            self.init(name: name, format: chosen ?? .table)
            return
        }
        if let chosen, chosen != format { throw arguments.error(.conflictingFormats("'\(alias.rawValue)'", "'--format \(chosen.rawValue)'")) }
        self.init(name: name, format: format)
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        let viewModel = ViewModelFactory(container: container).makeLapsViewModel(name)
        // Bars only for a person at a terminal that draws them (not TERM=dumb); a pipe gets the
        // table a script can read.
        let terminal = container.presentation.terminal
        let shown: LapsView.Format = format == .table && terminal.outputIsTerminal && terminal.movesCursor ? .tableWithBars : format
        let view = LapsView(
            viewModel: viewModel, format: shown, output: container.presentation.output, messages: container.presentation.messages, width: terminal.outputWidth
        )
        try withExtendedLifetime(view) { try viewModel.load() }
        return .success
    }
}
