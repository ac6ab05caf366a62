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
    /// `--plans`: the saved cycle plans' names instead.
    public var plans: Bool
    /// `--tags`: the tags in use instead.
    public var tags: Bool

    public init(
        format: StopwatchListView.Format = .table, countdownsOnly: Bool = false, follow: Bool = false,
        plans: Bool = false, tags: Bool = false
    ) {
        self.format = format
        self.countdownsOnly = countdownsOnly
        self.follow = follow
        self.plans = plans
        self.tags = tags
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "list every stopwatch and countdown",
            usage: [
                "[--format table|json|names] [--countdowns]",
                "--format TEMPLATE|waybar|i3blocks|polybar|tmux [--follow]", "--quiet [--countdowns]", "--plans",
                "--tags",
            ],
            discussion: [
                "List every stopwatch and countdown with its status, time (a countdown's time left) and lap count.",
                "With --format, the most pressing one alone: an expired countdown or a cycle waiting for 'stopwatch next', else the countdown nearest zero, else a running stopwatch, else a paused one, with ' +N' for the N others. With nothing running or paused it prints nothing and exits 0, which hides a status bar's module.",
                "With --quiet, nothing at all: it exits 0 when --format would show one and 1 when it would show none, the test a shell prompt asks (starship's when).",
            ],
            options: [
                OptionSpec(.json, help: "as --format json"),
                OptionSpec(.names, help: "as --format names (for shell completion)"),
                OptionSpec(
                    .countdowns,
                    help: "countdowns only, whatever their status (what 'wait' takes); reads each state file"),
                OptionSpec(
                    .format,
                    value: ValueSpec("FORMAT", .choices(of: StopwatchListView.Format.self), acceptsTemplate: true),
                    help:
                        "how to list them; a bar's format or a template ('{name} {left_s} {more}') shows the most pressing one alone, nothing when none runs"
                ),
                OptionSpec(.follow, help: CommandCatalog.followHelp + " (with --format)"),
                OptionSpec(.plans, help: "the names of the saved cycle plans ('cycle --save'), one a line"),
                OptionSpec(
                    .tags, help: "the tags in use (history's runs' and those running), one a line; reads history"),
                OptionSpec(
                    .quiet,
                    help:
                        "as --format quiet: print nothing; exit 0 when one runs, is paused or expired, 1 when none does"
                ),
            ],
            examples: [
                .init("stopwatch list", "NAME  STATUS  TIME  LAPS, one row each"),
                .init("stopwatch list --countdowns --names", "the countdowns' names, one a line"),
                .init("stopwatch list --format waybar", "the most pressing one for waybar, all in its tooltip"),
                .init("stopwatch list --quiet && echo busy", "whether anything runs, by the exit status alone"),
            ]
        )
    }

    /// One `--format`, with `--json`, `--names` and `--quiet` as its aliases; `--countdowns` for
    /// the formats that list, `--follow` for the most pressing one.
    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        try arguments.noPositionals()
        let flag = arguments.flag
        for listed in [OptionName.plans, .tags] where flag(listed) {
            for other in [OptionName.json, .names, .quiet, .format, .follow, .countdowns, .plans, .tags]
            where other != listed && flag(other) {
                throw arguments.error(.conflictingFormats("'\(listed.rawValue)'", "'\(other.rawValue)'"))
            }
            self.init(plans: listed == .plans, tags: listed == .tags)
            return
        }
        let aliases = [(OptionName.json, StopwatchListView.Format.json), (.names, .names), (.quiet, .quiet)].filter {
            flag($0.0)
        }
        if aliases.count >= 2 {
            throw arguments.error(.conflictingFormats("'\(aliases[0].0.rawValue)'", "'\(aliases[1].0.rawValue)'"))
        }
        let typed = arguments.value(.format)
        let chosen: StopwatchListView.Format? = try typed.map { text throws(UsageError) in
            if StatusTemplate.isTemplate(text) { return .pressing(.template(try arguments.template(text))) }
            return arguments.choice(.format, as: StopwatchListView.Format.self) ?? .table
        }
        if let (alias, format) = aliases.first, let chosen, chosen != format, let typed {
            throw arguments.error(.conflictingFormats("'\(alias.rawValue)'", "'--format \(typed)'"))
        }
        let format = aliases.first?.1 ?? chosen ?? .table
        let pressing: Bool = if case .pressing = format { true } else { false }
        if pressing, flag(.countdowns), let typed {
            throw arguments.error(.conflictingFormats("'--countdowns'", "'--format \(typed)'"))
        }
        if flag(.follow), !pressing {
            if format == .quiet { throw arguments.error(.conflictingFormats("'--quiet'", "'--follow'")) }
            throw arguments.error(
                .followNeedsFormat(
                    suggestion: arguments.form.removing(.json).removing(.names).removing(.countdowns).setting(
                        .format, "{text}{more}"))
            )
        }
        self.init(format: format, countdownsOnly: flag(.countdowns), follow: flag(.follow))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        if plans {
            let container = try context.container()
            let names = try container.data.plans?.names() ?? []
            container.presentation.output.write(names.map { $0.rawValue + "\n" }.joined())
            return .success
        }
        if tags {
            let container = try context.container()
            let tags = try ViewModelFactory(container: container).makeHistoryViewModel().tags()
            container.presentation.output.write(tags.map { $0 + "\n" }.joined())
            return .success
        }
        switch format {
        case .quiet:
            let found =
                try context.perform(.loadFirstActive(countdownsOnly: countdownsOnly), showing: nil).viewState?
                .stopwatches ?? []
            return found.isEmpty ? .notApplicable : .success
        case .pressing(let single) where follow:
            return try FollowSession(name: nil, format: single, container: context.container(), report: context.report)
                .run()
        case .pressing(let single):
            let listed = try context.perform(.loadActive, showing: format).viewState
            let pressing = StopwatchViewState.pressing(listed?.stopwatches ?? [])
            if case .bar(let bar) = single, bar.isUrgent(pressing?.shown, others: pressing?.others ?? []) {
                return .urgent
            }
        default:
            try context.perform(
                countdownsOnly ? .loadCountdowns : format == .names ? .loadNames : .load, showing: format)
        }
        return .success
    }
}
