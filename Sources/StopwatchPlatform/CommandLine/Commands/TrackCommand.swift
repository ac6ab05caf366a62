import StopwatchCore

/// `stopwatch track START END [NAME] [--tag TAG,...] [--json]`: keeps a finished block of time,
/// told after the fact, as a run in history.
public struct TrackCommand: ToolCommand {
    static let commandName = CommandName.track

    public var name: StopwatchName
    public var from: WhenWord
    public var to: WhenWord
    public var format: HistoryView.Format
    public var tags: [String]

    public init(
        name: StopwatchName = .default, from: WhenWord, to: WhenWord, tags: [String] = [],
        format: HistoryView.Format = .table
    ) {
        self.name = name
        self.from = from
        self.to = to
        self.tags = tags
        self.format = format
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "keep a block of time told after the fact, as a run",
            usage: ["START END [NAME] [--tag TAG,...] [--json]"],
            discussion: [
                "Keep the time from START to END in history as a run of NAME (default: default), as if a stopwatch had timed it: it shows in history and counts in report. It was told, not measured: its time is marked estimated. NAME need not exist, and no stopwatch changes.",
                "START and END are local times, HH:MM or HH:MM:SS: END the latest time the clocks showed it, START the latest before END, so a block across midnight is given as it reads (23:00 01:00). A block of more than 12 hours, which bare times leave unclear, is given with dates: a date and a time (2026-11-24 09:00, quoted as one word), a day and a time (yesterday 17:30, monday 09:00) or ISO 8601 (2026-11-24T09:00, with Z or an offset for an instant anywhere). A block never ends in the future, and never overlaps another run of NAME.",
            ],
            arguments: [
                ArgumentSpec("START", .timeOfDay, help: "when the block began (HH:MM[:SS], or a date and time)"),
                ArgumentSpec("END", .timeOfDay, help: "when it ended (HH:MM[:SS], or a date and time)"),
                CommandCatalog.nameArgument,
            ],
            options: [
                CommandCatalog.tagOption,
                OptionSpec(.json, help: "print the run kept as JSON, as 'history --json' prints runs"),
            ],
            examples: [
                .init("stopwatch track 09:00 10:30 meeting", "the meeting you forgot to time"),
                .init("stopwatch track 'yesterday 16:00' 'yesterday 18:30' review", "a block of yesterday's"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        let words = arguments.positionals
        guard words.count >= 2 else { throw arguments.error(.trackNeedsTimes) }
        let from = try arguments.when(words[0], for: nil)
        let to = try arguments.when(words[1], for: nil)
        guard from != to else { throw arguments.error(.emptyBlock(words[0])) }
        guard words.count <= 3 else { throw arguments.error(.extraName(words[3])) }
        let name = try words.count == 3 ? arguments.validName(words[2]) : .default
        self.init(
            name: name, from: from, to: to, tags: try arguments.tags(), format: arguments.flag(.json) ? .json : .table)
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        try context.performOnHistory(json: format == .json) { viewModel, now, zone in
            try viewModel.track(
                name, from: from.moment(now: now, zone: zone), to: to.moment(now: now, zone: zone), tags: tags)
        }
        return .success
    }
}
