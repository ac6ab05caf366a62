import StopwatchCore

/// `stopwatch import [FILE] [--format timew|watson] [--name NAME] [--json]`: keeps another tool's
/// runs in history.
public struct ImportCommand: ToolCommand {
    static let commandName = CommandName.import

    public var path: String
    public var format: ImportFormat?
    public var name: StopwatchName?
    public var json: Bool

    public init(path: String = "-", format: ImportFormat? = nil, name: StopwatchName? = nil, json: Bool = false) {
        self.path = path
        self.format = format
        self.name = name
        self.json = json
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "keep another tool's runs in history: Timewarrior's, Watson's",
            usage: ["[FILE] [--format timew|watson] [--name NAME] [--json]"],
            discussion: [
                "Read FILE (standard input when it is - or not given) and keep its runs in history, as one change ('stopwatch undo' takes it back), and print them. The format is told from the file unless --format says: what 'timew export' prints (a JSON array of intervals), or Watson's frames file.",
                "A Timewarrior interval becomes a run named after its first tag that is a name (untagged without one), with all its tags; an interval still open, and its annotation, are left out. A Watson frame becomes a run named after its project, with its tags and its id. A tag or a name with other characters than letters, digits, '-', '_' and '.' has them made '-'. --name NAME names every run NAME.",
                "A run already in history (the same id, or the same name and start: a file imported again) is passed over, and so is one that would overlap a run of its name; a note says how many. A file that is not whole (not JSON, a field missing or out of range) is refused (exit 65) with where, and nothing is imported. 'stopwatch history --format timew' writes what 'timew import' reads.",
            ],
            arguments: [
                ArgumentSpec("FILE", .file, optional: true, help: "the file, or - for standard input (the default)")
            ],
            options: [
                OptionSpec(
                    .format, value: ValueSpec("FORMAT", .choices(of: ImportFormat.self)),
                    help: "the file's format, when not told from it"),
                OptionSpec(.name, value: ValueSpec("NAME", .stopwatchName), help: "name every run NAME"),
                OptionSpec(.json, help: "print the runs added as JSON, as 'history --json' does"),
            ],
            examples: [
                .init("timew export | stopwatch import", "Timewarrior's intervals, as runs"),
                .init("stopwatch import ~/.config/watson/frames", "Watson's frames"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count <= 1 else {
            throw arguments.error(.unexpectedArgument(arguments.positionals[1]))
        }
        let name = try arguments.value(.name).map { [arguments] text throws(UsageError) in try arguments.validName(text)
        }
        self.init(
            path: arguments.positionals.first ?? "-", format: arguments.choice(.format, as: ImportFormat.self),
            name: name, json: arguments.flag(.json))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        let bytes: [UInt8]
        switch InputFile.read(path) {
        case .success(let read): bytes = read
        case .failure(let failure):
            throw ImportFailure(element: nil, reason: .unreadable(errno: failure.errno), path: path)
        }
        let (runs, open): ([RunRecord], Int)
        // The names there are: a Timewarrior interval's name is the tag among them.
        let known = Set(try container.data.store.names()).union(
            try container.data.history.read().runs().runs.map(\.name))
        do {
            (runs, open) = try ImportFormat.runs(
                in: bytes, format: format, name: name, ids: container.services.ids, known: known)
        } catch var failure {
            failure.path = path
            throw failure
        }
        let outcome = try context.performOnHistory(json: json) { viewModel, _, _ in try viewModel.importRuns(runs) }
        container.presentation.messages.writeMessage(
            MessageMapper.line(
                for: .imported(
                    added: outcome.added.count, alreadyThere: outcome.alreadyThere, overlapping: outcome.overlapping,
                    open: open))
        )
        return .success
    }
}
