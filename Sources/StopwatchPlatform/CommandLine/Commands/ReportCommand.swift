import StopwatchCore

/// `stopwatch report [NAME...] [--by GROUPING,...] [--since DAY] [--until DAY] [--hours]
/// [--format table|csv|json]`: the time the runs counted, totalled by day, week, month, name or
/// tags.
public struct ReportCommand: ToolCommand {
    static let commandName = CommandName.report

    public var names: [StopwatchName]
    public var grouping: [RunReport.Grouping]
    public var range: DayRange
    public var hours: Bool
    /// The label whose completed phases are counted (`--count`); nil for the pomodoro's `work`.
    public var counting: String?
    public var format: ReportView.Format

    public init(
        names: [StopwatchName] = [], grouping: [RunReport.Grouping] = [.day], range: DayRange = DayRange(typed: CommandLineForm(command: .report)),
        hours: Bool = false, counting: String? = nil, format: ReportView.Format = .table
    ) {
        self.names = names
        self.grouping = grouping
        self.range = range
        self.hours = hours
        self.counting = counting
        self.format = format
    }

    static let groupingWords = RunReport.Grouping.allCases.map(\.rawValue)

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "total the time of the runs kept, by day, week, month, name, tags or phase",
            usage: ["[NAME...] [--by GROUPING,...] [--since DAY] [--until DAY] [--hours] [--count LABEL] [--format table|csv|json]"],
            discussion: [
                "Total the time counted by the runs kept in history and those in progress (see 'stopwatch history'), grouped by each of --by in turn: day, week (ISO 8601, from Monday), month, name, tags (a run's tags as a set: 'billable,client-a', or '-' for none, so each run counts once), phase (a cycle's time by phase label, its waits for a person as waiting; '-' for a run of another plan); by day when not given. Days are local: a run across midnight is split there, each day getting the share of its time that its span had in that day, and a day across a daylight-saving change is 23 or 25 hours long. A run books what it counted towards its plan: a countdown up to its zero, not its overtime. The rows always sum to the total, and so do their decimal hours.",
                "DONE counts the pomodoros: the work phases cycles completed, each on the day it ended (--count LABEL counts another label's phases). A phase completes when it runs its whole planned length; one cut short by 'stopwatch next' does not count, though its time does. The column shows when any phase was completed.",
                "DAY is as for history: today, yesterday, a weekday, a date (2026-11-25) or days or weeks back (-7d, -2w), or a moment ('yesterday 17:30'); only the time from --since to --until counts. A name that no stopwatch and no run has is refused (exit 66).",
            ],
            arguments: [ArgumentSpec("NAME", .stopwatchName, optional: true, repeating: true, help: "only the runs of these stopwatches")],
            options: [
                OptionSpec(.by, value: ValueSpec("GROUPING,...", .wordList { groupingWords }), help: "group by day, week, month, name, tags and/or phase, in this order (default: day)"),
                OptionSpec(.since, value: ValueSpec("DAY", .day), help: "count from the start of this day"),
                OptionSpec(.until, value: ValueSpec("DAY", .day), help: "count up to the end of this day"),
                OptionSpec(.hours, help: "show decimal hours beside the time (CSV and JSON always have them)"),
                OptionSpec(.count, value: ValueSpec("LABEL", .text), help: "count the completed phases of this label (default: work, the pomodoros)"),
                OptionSpec(.format, value: ValueSpec("FORMAT", .choices(of: ReportView.Format.self)), help: "how to print the report"),
                OptionSpec(.csv, help: "as --format csv"),
                OptionSpec(.json, help: "as --format json"),
            ],
            examples: [
                .init("stopwatch report --since monday --by day,name --hours", "this week's hours a day, by stopwatch"),
                .init("stopwatch report --by month --csv", "monthly totals as a spreadsheet"),
                .init("stopwatch report --since monday --by day,phase", "this week's focus and breaks a day, with the pomodoros done"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        var grouping: [RunReport.Grouping] = [.day]
        if let text = arguments.value(.by) {
            grouping = []
            for word in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                guard let chosen = RunReport.Grouping(rawValue: word.lowercased()) else {
                    let closest = ClosestMatch.to(word, among: Self.groupingWords)
                    throw arguments.error(.unknownChoice(word, option: .by, placeholder: "grouping", choices: Self.groupingWords, closest: closest))
                }
                if !grouping.contains(chosen) { grouping.append(chosen) }
            }
        }
        self.init(
            names: try arguments.names(), grouping: grouping, range: try arguments.dayRange(), hours: arguments.flag(.hours),
            counting: arguments.value(.count), format: try arguments.format(ReportView.Format.self, aliases: [(.json, .json), (.csv, .csv)], default: .table)
        )
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        let (since, until) = try range.instants(now: container.services.timeSource.now().wall, zone: container.services.timeZone)
        let viewModel = ViewModelFactory(container: container).makeReportViewModel()
        let terminal = container.presentation.terminal
        let view = ReportView(
            viewModel: viewModel, format: format, hours: hours, counts: counting != nil, output: container.presentation.output, messages: container.presentation.messages,
            width: terminal.outputIsTerminal ? terminal.outputWidth : nil
        )
        try withExtendedLifetime(view) {
            try viewModel.load(names: names, by: grouping, since: since, until: until, counting: counting ?? RunReport.pomodoroLabel)
        }
        return .success
    }
}
