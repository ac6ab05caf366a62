import StopwatchCore

/// `stopwatch track START END [NAME] [--json]`: keeps a finished block of time, told after the
/// fact, as a run in history.
public struct TrackCommand: ToolCommand {
    static let commandName = CommandName.track

    public var name: StopwatchName
    public var from: TimeOfDay
    public var to: TimeOfDay
    public var format: HistoryView.Format
    public var tags: [String]

    public init(name: StopwatchName = .default, from: TimeOfDay, to: TimeOfDay, tags: [String] = [], format: HistoryView.Format = .table) {
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
                "Keep the time from START to END (local times, HH:MM or HH:MM:SS) in history as a run of NAME (default: default), as if a stopwatch had timed it: it shows in history and counts in report. END is the latest time the clocks showed it, so never in the future; START the latest before END, so a block across midnight is given as it reads (23:00 01:00). It was told, not measured: its time is marked estimated. NAME need not exist, and no stopwatch changes.",
            ],
            arguments: [
                ArgumentSpec("START", .timeOfDay, help: "when the block began (HH:MM[:SS])"),
                ArgumentSpec("END", .timeOfDay, help: "when it ended (HH:MM[:SS])"),
                CommandCatalog.nameArgument,
            ],
            options: [CommandCatalog.tagOption, CommandCatalog.jsonOption],
            examples: [.init("stopwatch track 09:00 10:30 meeting", "the meeting you forgot to time")]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        let words = arguments.positionals
        guard words.count >= 2 else { throw arguments.error(.trackNeedsTimes) }
        guard let from = TimeOfDay(words[0]) else { throw arguments.error(.invalidTime(nil, words[0])) }
        guard let to = TimeOfDay(words[1]) else { throw arguments.error(.invalidTime(nil, words[1])) }
        guard from != to else { throw arguments.error(.emptyBlock(words[0])) }
        guard words.count <= 3 else { throw arguments.error(.extraName(words[3])) }
        let name = try words.count == 3 ? arguments.validName(words[2]) : .default
        self.init(name: name, from: from, to: to, tags: try arguments.tags(), format: arguments.flag(.json) ? .json : .table)
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        let viewModel = ViewModelFactory(container: container).makeHistoryViewModel()
        let view = HistoryView(viewModel: viewModel, format: format, output: container.presentation.output, messages: container.presentation.messages)
        try withExtendedLifetime(view) { try viewModel.track(name, from: from, to: to, tags: tags) }
        return .success
    }
}
