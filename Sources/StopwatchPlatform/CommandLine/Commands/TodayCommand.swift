import StopwatchCore

/// `stopwatch today [--format FORMAT|TEMPLATE | --json]`: today's and this week's time and
/// pomodoros against their goals; in a status bar's format, beside the stopwatch running.
public struct TodayCommand: ToolCommand {
    static let commandName: CommandName = "today"

    public var format: TodayView.Format

    public init(format: TodayView.Format = .line) {
        self.format = format
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "show today's and this week's time and pomodoros against their goals",
            usage: ["[--format FORMAT | --json]", "--format TEMPLATE"],
            discussion: [
                "Show the time booked today and this week (ISO, from Monday), as report counts it (the runs kept in history and those in progress, a run across midnight split there) but a moment two runs counted counted once, the pomodoros completed (work phases run their whole length), and how far each stands against its goal ('stopwatch goal').",
                "In a status bar's format, the stopwatch 'list --format' shows (the most pressing) comes first, then today's time and pomodoros: work 12:34 · today 3:12:05 of 6h · 4/8 pomodoros; waybar's percentage is the share of today's goal done. A bar asks often: what history holds is kept (history/snapshot-MACHINE.totals) and read again only after a change, so a bar polling each second never reads the runs.",
                "A --format with braces is a template ({{ and }} for braces themselves). Its fields: "
                    + TodayTemplate.Field.allCases.map { "{\($0.rawValue)}, \($0.help)" }.joined(separator: "; ") + ".",
            ],
            options: [
                OptionSpec(
                    .format, value: ValueSpec("FORMAT", .choices(of: TodayView.Format.self), acceptsTemplate: true),
                    help: "how to print it, or a template of fields in braces: '{timer} {today_s}'"
                ),
                CommandCatalog.jsonOption,
            ],
            examples: [
                .init("stopwatch today", "today: 3:12:05.00, 4 pomodoros; goal 6h: 53%, 2:47:55.00 left"),
                .init(
                    "stopwatch today --format waybar",
                    "for waybar: the stopwatch running, today's time, a gauge of the goal"),
                .init("stopwatch today --format '{today_s} {done}/8'", "3:12:05 4/8, for a prompt"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        if let text = arguments.value(.format), StatusTemplate.isTemplate(text) {
            guard !arguments.flag(.json) else {
                throw arguments.error(.conflictingFormats("'--json'", "'--format \(text)'"))
            }
            do {
                self.init(format: .template(try TodayTemplate(parsing: text)))
            } catch {
                throw arguments.error(.invalidTemplate(text, error))
            }
            return
        }
        self.init(format: try arguments.format(TodayView.Format.self, json: .json) ?? .line)
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        guard let viewModel = ViewModelFactory(container: container).makeTodayViewModel() else {
            throw StoreFailure(.misconfigured, path: "", reason: .homeUnset)
        }
        let view = TodayView(
            viewModel: viewModel, format: format, output: container.presentation.output,
            colors: !container.presentation.terminal.noColor)
        try withExtendedLifetime(view) { try viewModel.load() }
        // i3blocks shows a block as urgent while its command exits 33, as `status` and `list` do.
        if case .bar(let bar) = format, bar.isUrgent(viewModel.viewState?.timer) { return .urgent }
        return .success
    }
}
