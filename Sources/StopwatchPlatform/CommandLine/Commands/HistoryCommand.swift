import StopwatchCore

/// `stopwatch history [NAME...] [--since DAY] [--until DAY] [--format table|csv|json]`: the runs
/// that ended, and those in progress, newest first.
public struct HistoryCommand: ToolCommand {
    static let commandName = CommandName.history

    public var names: [StopwatchName]
    public var since: DayWord?
    public var until: DayWord?
    public var format: HistoryView.Format

    public init(names: [StopwatchName] = [], since: DayWord? = nil, until: DayWord? = nil, format: HistoryView.Format = .table) {
        self.names = names
        self.since = since
        self.until = until
        self.format = format
    }

    /// As typed, for the message that swaps them.
    private var typed = CommandLineForm(command: commandName)

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "list the runs kept, newest first",
            usage: ["[NAME...] [--since DAY] [--until DAY] [--format table|csv|json]"],
            discussion: [
                "A run is a stopwatch's time from its first start to the change that ends it: reset, restart, a new countdown or cycle in its place, dismiss or delete. Each is kept in history as it ends, with its plan, its start and end (with the UTC offset they had), the time it counted and its laps; the runs in progress are listed too, as running or paused.",
                "DAY is today, yesterday, a weekday (the latest, today included), a date (2026-11-25) or days or weeks back (-7d, -2w), in local time. --since DAY lists the runs that end after DAY begins; --until DAY those that begin before DAY ends.",
            ],
            arguments: [ArgumentSpec("NAME", .stopwatchName, optional: true, repeating: true, help: "only the runs of these stopwatches")],
            options: [
                OptionSpec(.since, value: ValueSpec("DAY", .day), help: "only runs that end on or after this day"),
                OptionSpec(.until, value: ValueSpec("DAY", .day), help: "only runs that begin on or before this day"),
                OptionSpec(.format, value: ValueSpec("FORMAT", .choices(of: HistoryView.Format.self)), help: "how to print the runs"),
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
        let names = try arguments.positionals.map { [arguments] text throws(UsageError) in try arguments.validName(text) }
        func day(_ option: OptionName) throws(UsageError) -> DayWord? {
            guard let text = arguments.value(option) else { return nil }
            guard let day = DayWord(text) else { throw arguments.error(.invalidDay(option, text)) }
            return day
        }
        let aliases = [(OptionName.json, HistoryView.Format.json), (.csv, .csv)].filter { arguments.flag($0.0) }
        if aliases.count == 2 { throw arguments.error(.conflictingFormats("'--json'", "'--csv'")) }
        let chosen = arguments.choice(.format, as: HistoryView.Format.self)
        var format = chosen ?? .table
        if let (alias, aliased) = aliases.first {
            if let chosen, chosen != aliased { throw arguments.error(.conflictingFormats("'\(alias.rawValue)'", "'--format \(chosen.rawValue)'")) }
            format = aliased
        }
        self.init(names: names, since: try day(.since), until: try day(.until), format: format)
        typed = arguments.form
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        let now = container.services.timeSource.now().wall
        let zone = container.services.timeZone
        let sinceDay = since?.day(now: now, zone: zone)
        let untilDay = until?.day(now: now, zone: zone)
        if let sinceDay, let untilDay, sinceDay > untilDay, let sinceText = typed.value(of: .since), let untilText = typed.value(of: .until) {
            throw UsageError(
                .reversedRange(since: sinceText, until: untilText, suggestion: typed.setting(.since, untilText).setting(.until, sinceText)),
                command: Self.commandName
            )
        }
        let viewModel = ViewModelFactory(container: container).makeHistoryViewModel()
        let terminal = container.presentation.terminal
        let view = HistoryView(
            viewModel: viewModel, format: format, output: container.presentation.output, messages: container.presentation.messages,
            width: terminal.outputIsTerminal ? terminal.outputWidth : nil
        )
        try withExtendedLifetime(view) {
            try viewModel.load(
                names: names, since: sinceDay.map { DayWord.start(ofDay: $0, zone: zone) }, until: untilDay.map { DayWord.start(ofDay: $0 + 1, zone: zone) }
            )
        }
        return .success
    }
}
