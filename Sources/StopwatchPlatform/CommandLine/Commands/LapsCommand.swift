import StopwatchCore

/// `stopwatch laps [NAME] [--run N] [--format table|csv|json]`: every lap, with statistics; of
/// a run kept in history with `--run`.
public struct LapsCommand: ToolCommand {
    static let commandName: CommandName = "laps"

    public var name: StopwatchName
    /// The machine whose stopwatch (or run, with `run`) of the name is meant (`work@desktop`).
    public var machine: String?
    public var format: LapsView.Format
    /// The run kept in history, counting back from the latest (1); nil for the current run.
    public var run: Int?

    public init(
        name: StopwatchName = .default, on machine: String? = nil, format: LapsView.Format = .table, run: Int? = nil
    ) {
        self.name = name
        self.machine = machine
        self.format = format
        self.run = run
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "list the laps, with statistics",
            usage: ["[NAME[@MACHINE]] [--run N] [--format table|csv|json]"],
            discussion: [
                "List every lap with its number, its time, the total at the split and its label, the best and worst marked once there are two or more, then the count, minimum, maximum, mean and median.",
                "With --run N, the laps of a run that ended, kept in history: 1 is the latest, 2 the one before (see 'stopwatch history NAME').",
                "NAME@MACHINE: the laps of the stopwatch MACHINE keeps under NAME in a shared state directory (with --run, of the runs MACHINE recorded).",
            ],
            arguments: [CommandCatalog.nameOnMachineArgument],
            options: [
                OptionSpec(
                    .run, value: ValueSpec("N", .count),
                    help: "the laps of the Nth run back kept in history (1: the latest)"),
                OptionSpec(
                    .format, value: ValueSpec("FORMAT", .choices(of: LapsView.Format.self)),
                    help: "how to print the laps"),
                OptionSpec(.csv, help: "as --format csv"),
                OptionSpec(.json, help: "as --format json"),
            ],
            examples: [.init("stopwatch laps build --csv > timings.csv", "the laps as a spreadsheet")]
        )
    }

    /// `--format table|csv|json`, with `--csv` and `--json` as its aliases.
    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        let named = try arguments.nameOnMachine()
        self.init(
            name: named.name, on: named.machine,
            format: try arguments.format(
                LapsView.Format.self, aliases: [(.json, .json), (.csv, .csv)], default: .table),
            run: try arguments.count(.run, maximum: Int(Int32.max))
        )
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        let viewModel = ViewModelFactory(container: container).makeLapsViewModel(name)
        // Bars only for a person at a terminal that draws them (not TERM=dumb); a pipe gets the
        // table a script can read.
        let terminal = container.presentation.terminal
        let shown: LapsView.Format =
            format == .table && terminal.outputIsTerminal && terminal.movesCursor ? .tableWithBars : format
        let view = LapsView(
            viewModel: viewModel, format: shown, output: container.presentation.output,
            messages: container.presentation.messages, width: terminal.outputWidth
        )
        try withExtendedLifetime(view) { try viewModel.load(run: run, on: machine) }
        return .success
    }
}
