import StopwatchCore

/// `stopwatch list`: every stopwatch and countdown, as a table, JSON or names; with `--format`,
/// the most pressing one for a status bar (`--follow` to keep printing it); with `--quiet`, only
/// whether there is one.
public struct ListCommand: ToolCommand {
    static let commandName = CommandName.list

    public var format: StopwatchListView.Format
    /// Countdowns only, whatever their status.
    public var countdownsOnly: Bool
    /// With a `.pressing` format: printed again each time its text changes.
    public var follow: Bool

    public init(format: StopwatchListView.Format = .table, countdownsOnly: Bool = false, follow: Bool = false) {
        self.format = format
        self.countdownsOnly = countdownsOnly
        self.follow = follow
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "list every stopwatch and countdown",
            usage: ["[--json | --names] [--countdowns]", "--format TEMPLATE|waybar|i3blocks|polybar|tmux [--follow]", "--quiet [--countdowns]"],
            discussion: [
                "List every stopwatch and countdown with its status, time (a countdown's time left) and lap count.",
                "With --format, the most pressing one alone: an expired countdown, else the countdown nearest zero, else a running stopwatch, else a paused one, with ' +N' for the N others. With nothing running or paused it prints nothing and exits 0, which hides a status bar's module.",
                "With --quiet, nothing at all: it exits 0 when --format would show one and 1 when it would show none, the test a shell prompt asks (starship's when).",
            ],
            options: [
                OptionSpec(.json, help: "one JSON object: {\"timers\": [...]}"),
                OptionSpec(.names, help: "the names alone, one a line, reading no state file (for shell completion)"),
                OptionSpec(.countdowns, help: "countdowns only, whatever their status (what 'wait' takes); reads each state file"),
                OptionSpec(
                    .format, value: ValueSpec("FORMAT", .choices(of: StatusBarFormat.self), acceptsTemplate: true),
                    help: "the most pressing one alone, for a status bar, in its format or a template ('{name} {left_s} {more}'); nothing when none runs"
                ),
                OptionSpec(.follow, help: CommandCatalog.followHelp + " (with --format)"),
                OptionSpec(.quiet, help: "print nothing; exit 0 when one runs, is paused or expired, 1 when none does"),
            ],
            examples: [
                .init("stopwatch list", "NAME  STATUS  TIME  LAPS, one row each"),
                .init("stopwatch list --countdowns --names", "the countdowns' names, one a line"),
                .init("stopwatch list --format waybar", "the most pressing one for waybar, all in its tooltip"),
                .init("stopwatch list --quiet && echo busy", "whether anything runs, by the exit status alone"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        try arguments.noPositionals()
        let flag = arguments.flag
        guard !(flag(.json) && flag(.names)) else { throw arguments.error(.conflictingFormats("'--json'", "'--names'")) }
        if flag(.quiet) {
            for other in [OptionName.json, .names, .format, .follow] where flag(other) {
                throw arguments.error(.conflictingFormats("'--quiet'", "'\(other.rawValue)'"))
            }
            self.init(format: .quiet, countdownsOnly: flag(.countdowns))
            return
        }
        if let text = arguments.value(.format) {
            for other in [OptionName.json, .names, .countdowns] where flag(other) {
                throw arguments.error(.conflictingFormats("'\(other.rawValue)'", "'--format \(text)'"))
            }
            self.init(format: .pressing(try arguments.barFormat(text) ?? .line), follow: flag(.follow))
            return
        }
        if flag(.follow) {
            throw arguments.error(
                .followNeedsFormat(suggestion: arguments.form.removing(.json).removing(.names).removing(.countdowns).setting(.format, "{text}{more}"))
            )
        }
        self.init(format: flag(.json) ? .json : flag(.names) ? .names : .table, countdownsOnly: flag(.countdowns))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        switch format {
        case .quiet:
            let found = try context.perform(.loadFirstActive(countdownsOnly: countdownsOnly), showing: nil).viewState?.stopwatches ?? []
            return found.isEmpty ? .notApplicable : .success
        case .pressing(let single) where follow:
            return try FollowSession(name: nil, format: single, container: context.container(), report: context.report).run()
        case .pressing(let single):
            let listed = try context.perform(.loadActive, showing: format).viewState
            let shown = StopwatchListView.pressing(listed?.stopwatches ?? [])?.shown
            if case .bar(let bar) = single, bar.isUrgent(shown) { return .urgent }
        default:
            try context.perform(countdownsOnly ? .loadCountdowns : format == .names ? .loadNames : .load, showing: format)
        }
        return .success
    }
}
