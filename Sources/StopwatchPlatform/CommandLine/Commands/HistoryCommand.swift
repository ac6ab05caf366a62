import StopwatchCore

/// `stopwatch history [NAME...] [--since DAY] [--until DAY] [--tag TAG,...] [--format table|csv|json]`:
/// the runs that ended, and those in progress, newest first.
public struct HistoryCommand: ToolCommand {
    static let commandName = CommandName.history

    public var names: [StopwatchName]
    public var range: DayRange
    public var format: HistoryView.Format
    /// `--tag`: only the runs with every one of these.
    public var tags: [String] = []

    public init(
        names: [StopwatchName] = [], range: DayRange = DayRange(typed: CommandLineForm(command: .history)),
        format: HistoryView.Format = .table, tags: [String] = []
    ) {
        self.tags = tags
        self.names = names
        self.range = range
        self.format = format
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "list the runs kept, newest first",
            usage: ["[NAME...] [--since DAY] [--until DAY] [--tag TAG,...] [--format table|csv|json]"],
            discussion: [
                "A run is a stopwatch's time from its first start to the change that ends it: reset, restart, a new countdown or cycle in its place, dismiss or delete. Each is kept in history as it ends, with an id that never changes (the table shows its first 8 digits; edit, remove, split and join take it), its plan, its start and end, the time it booked, its laps and tags, and for a cycle each phase as it ran against its plan, and its waits (in --format json and csv); the runs in progress are listed too, as running or paused. A countdown books up to its zero: the rest is its overtime (OVER), and it is expired, dismissed or not.",
                "DAY is today, yesterday, a weekday (the latest, today included), a date (2026-11-25) or days or weeks back (-7d, -2w), in local time, or a moment ('yesterday 17:30'). --since DAY lists the runs that end after DAY begins; --until DAY those that begin before DAY ends. Every time is shown in the local zone (TZ). --tag client-a lists the runs tagged client-a; --tag a,b those with both. A name that no stopwatch and no run has is refused (exit 66). --format timew prints what 'timew export' prints; --format ical an iCalendar file.",
            ],
            arguments: [
                ArgumentSpec(
                    "NAME", .recordedName, optional: true, repeating: true, help: "only the runs of these stopwatches")
            ],
            options: [
                OptionSpec(.since, value: ValueSpec("DAY", .day), help: "only runs that end on or after this day"),
                OptionSpec(.until, value: ValueSpec("DAY", .day), help: "only runs that begin on or before this day"),
                CommandCatalog.tagFilterOption,
                OptionSpec(
                    .format, value: ValueSpec("FORMAT", .choices(of: HistoryView.Format.self)),
                    help: "how to print the runs"),
                OptionSpec(.csv, help: "as --format csv"),
                OptionSpec(.json, help: "as --format json"),
            ],
            examples: [
                .init("stopwatch history --since monday", "what was timed this week"),
                .init("stopwatch history build --since -30d --csv > builds.csv", "a month of builds as a spreadsheet"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        self.init(
            names: try arguments.names(), range: try arguments.dayRange(),
            format: try arguments.format(
                HistoryView.Format.self, aliases: [(.json, .json), (.csv, .csv)], default: .table),
            tags: try arguments.tags()
        )
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        let (since, until) = try range.instants(
            now: container.services.timeSource.now().wall, zone: container.services.timeZone)
        let viewModel = ViewModelFactory(container: container).makeHistoryViewModel()
        let terminal = container.presentation.terminal
        let view = HistoryView(
            viewModel: viewModel, format: format, output: container.presentation.output,
            messages: container.presentation.messages,
            width: terminal.outputIsTerminal ? terminal.outputWidth : nil
        )
        try withExtendedLifetime(view) { try viewModel.load(names: names, tags: tags, since: since, until: until) }
        return .success
    }
}
