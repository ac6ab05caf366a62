import StopwatchCore

/// `stopwatch report [NAME...] [--by GROUPING,...] [--since DAY] [--until DAY] [--hours]
/// [--format table|csv|json]`: the time the runs counted, totalled by day, week, month, name,
/// tags, phase or cause.
public struct ReportCommand: ToolCommand {
    static let commandName = CommandName.report

    public var names: [StopwatchName]
    public var grouping: [RunReport.Grouping]
    public var range: DayRange
    public var hours: Bool
    /// The label whose completed phases are counted (`--count`); nil for the pomodoro's `work`.
    public var counting: String?
    /// A chart in place of the table (`--chart`).
    public var chart: ReportChart.Kind?
    public var format: ReportView.Format
    /// `--tag`: only the runs with every one of these.
    public var tags: [String] = []

    public init(
        names: [StopwatchName] = [], grouping: [RunReport.Grouping] = [.day],
        range: DayRange = DayRange(typed: CommandLineForm(command: .report)),
        hours: Bool = false, counting: String? = nil, chart: ReportChart.Kind? = nil,
        format: ReportView.Format = .table,
        tags: [String] = []
    ) {
        self.tags = tags
        self.chart = chart
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
            commandName, summary: "total the time of the runs kept, by day, week, month, name, tags, phase or cause",
            usage: [
                "[NAME...] [--by GROUPING,...] [--since DAY] [--until DAY] [--tag TAG,...] [--hours] [--count LABEL] [--format table|csv|json]",
                "[NAME...] --chart bars|calendar|timeline [--by GROUPING,...] [--since DAY] [--until DAY] [--tag TAG,...]",
            ],
            discussion: [
                "Total the time counted by the runs kept in history and those in progress (see 'stopwatch history'), grouped by each of --by in turn: day, week (ISO 8601, from Monday), month, name, tags (a run's tags as a set: 'billable,client-a', or '-' for none, so each run counts once), phase (a cycle's time by phase label, its waits for a person as waiting; '-' for a run of another plan), cause (a run's time while somebody was there, 'present', and the away time it kept, by cause: 'suspend', 'lock', 'idle'; away time a run dropped is not in its time; not with phase); by day when not given. Days are local: a run across midnight is split there, each day getting the share of its time that its span had in that day, and a day across a daylight-saving change is 23 or 25 hours long. A run books what it counted towards its plan: a countdown up to its zero, not its overtime. The rows always sum to the total, and so do their decimal hours.",
                "DONE counts the pomodoros: the work phases cycles completed, each on the day it ended (--count LABEL counts another label's phases). A phase completes when it runs its whole planned length; one cut short by 'stopwatch next' does not count, though its time does. The column shows when any phase was completed.",
                "--chart bars draws a bar a row in place of the table, scaled so the longest fits; --chart calendar draws the days (by day only) as a heat map, a week a column, as many weeks as fit up to today's, with the current streak of days with time; --chart timeline draws each day of the range (the last 7 days unless --since says) as a row on an hour axis, each run's span from its start to its end marked (its pauses are not kept), in its name's colour. Each fits the terminal's width (80 columns into a pipe), and the legend says what a block or a shade is worth. On a terminal with colours they are drawn in blocks and colours (a name, tags or phase keep theirs); with NO_COLOR, TERM=dumb or into a pipe, in ASCII.",
                "DAY is as for history: today, yesterday, a weekday, a date (2026-11-25) or days or weeks back (-7d, -2w), or a moment ('yesterday 17:30'); only the time from --since to --until counts. A name that no stopwatch and no run has is refused (exit 66).",
            ],
            arguments: [
                ArgumentSpec(
                    "NAME", .recordedName, optional: true, repeating: true, help: "only the runs of these stopwatches")
            ],
            options: [
                OptionSpec(
                    .by, value: ValueSpec("GROUPING,...", .wordList { groupingWords }),
                    help: "group by day, week, month, name, tags and/or phase or cause, in this order (default: day)"),
                OptionSpec(.since, value: ValueSpec("DAY", .day), help: "count from the start of this day"),
                OptionSpec(.until, value: ValueSpec("DAY", .day), help: "count up to the end of this day"),
                CommandCatalog.tagFilterOption,
                OptionSpec(.hours, help: "show decimal hours beside the time (CSV and JSON always have them)"),
                OptionSpec(
                    .chart, value: ValueSpec("CHART", .choices(of: ReportChart.Kind.self)),
                    help: "draw it: bars, a calendar of the days, or a timeline of the runs"),
                OptionSpec(
                    .count, value: ValueSpec("LABEL", .text),
                    help: "count the completed phases of this label (default: work, the pomodoros)"),
                OptionSpec(
                    .format, value: ValueSpec("FORMAT", .choices(of: ReportView.Format.self)),
                    help: "how to print the report"),
                OptionSpec(.csv, help: "as --format csv"),
                OptionSpec(.json, help: "as --format json"),
            ],
            examples: [
                .init("stopwatch report --since monday --by day,name --hours", "this week's hours a day, by stopwatch"),
                .init("stopwatch report --by month --csv", "monthly totals as a spreadsheet"),
                .init(
                    "stopwatch report --since monday --by day,phase",
                    "this week's focus and breaks a day, with the pomodoros done"),
                .init("stopwatch report --since -2w --chart bars", "the last two weeks' days as bars"),
                .init("stopwatch report --chart calendar", "a year of days as a heat map, with the streak"),
                .init(
                    "stopwatch report --since monday --chart timeline",
                    "this week's runs on an hour axis, like timew week"),
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
                    throw arguments.error(
                        .unknownChoice(
                            word, option: .by, placeholder: "grouping", choices: Self.groupingWords, closest: closest))
                }
                if !grouping.contains(chosen) { grouping.append(chosen) }
            }
            if grouping.contains(.phase), grouping.contains(.cause) {
                let without = grouping.filter { $0 != .phase }.map(\.rawValue).joined(separator: ",")
                throw arguments.error(.phaseAndCause(suggestion: arguments.form.setting(.by, without)))
            }
        }
        let chart = arguments.choice(.chart, as: ReportChart.Kind.self)
        if chart != nil, arguments.flag(.json) || arguments.flag(.csv) || arguments.value(.format) != nil {
            throw arguments.error(
                .exclusiveOptions(.chart, arguments.flag(.json) ? .json : arguments.flag(.csv) ? .csv : .format))
        }
        if chart == .calendar || chart == .timeline {
            guard grouping == [.day] else { throw arguments.error(.exclusiveOptions(.chart, .by)) }
        }
        self.init(
            names: try arguments.names(), grouping: grouping, range: try arguments.dayRange(),
            hours: arguments.flag(.hours),
            counting: arguments.value(.count), chart: chart,
            format: try arguments.format(
                ReportView.Format.self, aliases: [(.json, .json), (.csv, .csv)], default: .table),
            tags: try arguments.tags()
        )
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        let now = container.services.timeSource.now().wall
        let zone = container.services.timeZone
        var (since, until) = try range.instants(now: now, zone: zone)
        if chart == .timeline {
            // The last 7 days, today's included, unless told.
            since = since ?? zone.start(ofDay: zone.day(of: now) - 6)
            until = until ?? zone.start(ofDay: zone.day(of: now) + 1)
        }
        let viewModel = ViewModelFactory(container: container).makeReportViewModel()
        let terminal = container.presentation.terminal
        let view = ReportView(
            viewModel: viewModel, format: format, hours: hours, counts: counting != nil,
            chart: chart.map {
                (
                    $0,
                    ReportChart.Style(
                        unicode: terminal.outputIsTerminal && terminal.colors,
                        colors: terminal.outputIsTerminal && terminal.colors)
                )
            },
            output: container.presentation.output, messages: container.presentation.messages,
            width: terminal.outputIsTerminal ? terminal.outputWidth : nil
        )
        try withExtendedLifetime(view) {
            try viewModel.load(
                names: names, tags: tags, by: grouping, since: since, until: until,
                counting: counting ?? RunReport.pomodoroLabel,
                spans: chart == .timeline)
        }
        return .success
    }
}
