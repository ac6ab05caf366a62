import StopwatchCore

/// The command line's declaration: every command with its arguments, options and help, and the
/// texts about the tool as a whole. The parser, `--help`, the manual page and the completion
/// scripts are all made from it.
public enum CommandCatalog {
    /// The version `--version`, the manual, the completion scripts and the packages report: the
    /// one place it is written (`scripts/package.sh` reads it from the binary it packages).
    public static let version = "0.5.0"

    /// Shows `visitor` every command, in the order help lists them, until it returns true: the
    /// one list a new command is added to.
    ///
    /// A chain of calls rather than an array: an array of command types is a generic type the
    /// runtime makes at its first use, which every run, a prompt's included, paid for.
    static func visitCommandTypes(_ visitor: inout some CommandTypeVisitor) {
        _ =
            visitor.visit(StartCommand.self) || visitor.visit(RestartCommand.self) || visitor.visit(PauseCommand.self)
            || visitor.visit(ResumeCommand.self) || visitor.visit(ToggleCommand.self) || visitor.visit(LapCommand.self)
            || visitor.visit(ResetCommand.self) || visitor.visit(DismissCommand.self)
            || visitor.visit(StatusCommand.self)
            || visitor.visit(LapsCommand.self) || visitor.visit(ListCommand.self) || visitor.visit(DeleteCommand.self)
            || visitor.visit(HistoryCommand.self) || visitor.visit(ReportCommand.self)
            || visitor.visit(TodayCommand.self)
            || visitor.visit(GoalCommand.self) || visitor.visit(TrackCommand.self) || visitor.visit(EditCommand.self)
            || visitor.visit(RemoveCommand.self) || visitor.visit(SplitCommand.self) || visitor.visit(JoinCommand.self)
            || visitor.visit(UndoCommand.self) || visitor.visit(RedoCommand.self) || visitor.visit(ImportCommand.self)
            || visitor.visit(WatchCommand.self) || visitor.visit(TimerCommand.self) || visitor.visit(WaitCommand.self)
            || visitor.visit(CycleCommand.self) || visitor.visit(NextCommand.self) || visitor.visit(RunCommand.self)
            || visitor.visit(StampCommand.self) || visitor.visit(CompletionsCommand.self)
            || visitor.visit(ManualCommand.self)
            || visitor.visit(HelpCommand.self)
    }

    /// Every command, in the order help lists them.
    static var commandTypes: [any ToolCommand.Type] {
        struct Collector: CommandTypeVisitor {
            var types: [any ToolCommand.Type] = []
            mutating func visit<Command: ToolCommand>(_ type: Command.Type) -> Bool {
                types.append(type)
                return false
            }
        }
        var collector = Collector()
        visitCommandTypes(&collector)
        return collector.types
    }

    /// The command typed as `word`, if there is one.
    static func command(named word: String) -> (any ToolCommand.Type)? {
        struct Finder: CommandTypeVisitor {
            let word: String
            var found: (any ToolCommand.Type)?
            mutating func visit<Command: ToolCommand>(_ type: Command.Type) -> Bool {
                guard Command.commandName.rawValue == word else { return false }
                found = type
                return true
            }
        }
        var finder = Finder(word: word)
        visitCommandTypes(&finder)
        return finder.found
    }

    /// Every command's declaration, in the order help lists them.
    public static var commands: [CommandSpec] {
        commandTypes.map { $0.declaration }
    }

    /// The declaration of the command `name`, which must be one.
    public static func spec(_ name: CommandName) -> CommandSpec {
        guard let command = command(named: name.rawValue) else { preconditionFailure("no command \(name)") }
        return command.declaration
    }

    /// The options every command takes, and the tool takes alone.
    public static let helpOption = OptionSpec(.help, short: "-h", help: "show this help")
    public static let versionOption = OptionSpec(.version, short: "-V", help: "show the version")

    // MARK: The tool

    public static let summary = "a stopwatch, countdown timer and pomodoro cycle for the shell"

    public static let description = [
        "A stopwatch, countdown timer and pomodoro cycle for the shell. Each command is one process and the state is kept in files between them, so a stopwatch, countdown or cycle keeps running across shells, suspend and reboots, and named ones run side by side.",
        "'stopwatch' alone shows every running or paused stopwatch and countdown; 'stopwatch --format FORMAT' shows the most pressing one for a status bar, as 'stopwatch list --format FORMAT' does.",
    ]

    public static let nameRule =
        "NAME is \(MessageMapper.nameRule); it defaults to 'default' ('timer' for timer and wait)."

    public static let durations = [
        "Durations, wherever one is read: 90 (seconds), 90s, 5min, 1h30m, '1h 30m', '2 hours', 1.5h, 250ms, 2d3h, 1:30 (M:SS), 01:02:03 (H:MM:SS). Units: w week weeks, d day days, h hr hrs hour hours, m min mins minute minutes, s sec secs second seconds, ms msec, us usec µs; largest first, each at most once. Any number may have a fraction; the result is truncated to whole microseconds. Zero, negative, unknown units and more than 100 years are refused (exit 64)."
    ]

    public static let outputFormats = [
        "Times for people are MM:SS.cc under an hour and H:MM:SS.cc from an hour on, always truncated, never rounded; a countdown's time left is its duration minus the truncated elapsed time, so 00:00.00 left shows only at expiry. A '~' marks a time estimated from the wall clock after a reboot.",
        "--json prints one line of JSON with sorted keys; --format ms and s print a number alone; laps --csv prints RFC 4180 CSV. Data goes to standard output, messages to standard error, one line each. docs/json-format.md lists every key.",
    ]

    /// Every status the tool exits with, by its `ExitCode`; help and the manual print these.
    public static let exitCodes: [(codes: [ExitCode], meaning: String)] = [
        ([.success], "success"),
        (
            [.notApplicable],
            "the command does not apply now (pause while paused, start while running, timer on a countdown with time left); a countdown's watch quit before zero; wait on a stopwatch or a deleted countdown; list --quiet with nothing running, paused or expired"
        ),
        (
            [.urgent],
            "status, list or today --format i3blocks showing an expired countdown, which i3blocks shows as urgent"
        ),
        ([.usage], "usage error: unknown command or option, bad name, duration or time"),
        ([.dataError], "a state file cannot be read or is invalid; it is left untouched"),
        ([.noInput], "no such stopwatch"),
        ([.software], "internal error (a bug)"),
        ([.cannotCreate], "the state directory cannot be created or is unsafe"),
        ([.ioError], "input/output error; the previous state is kept"),
        ([.runFailed], "run: stopwatch itself failed; otherwise run exits with its command's status"),
        ([.cannotExecute], "run: the command cannot be run"),
        ([.commandNotFound], "run: no such command"),
        (
            [.hangUp, .interrupted, .terminated],
            "watch, wait or --follow ended by SIGHUP, Ctrl-C or SIGTERM (a --follow whose reader closed the pipe exits 0)"
        ),
    ]

    public static let environment: [(name: String, meaning: String)] = [
        ("STOPWATCH_HOME", "the state directory (an absolute path)"),
        ("XDG_STATE_HOME", "else the state directory is $XDG_STATE_HOME/stopwatch"),
        ("HOME", "else it is ~/.local/state/stopwatch"),
        (
            "NO_COLOR",
            "when set, the live view and the status bar formats use no colours (the live view neither with TERM=dumb)"
        ),
        ("TZ", "the time zone of timer --until and stamp --format clock|iso"),
    ]

    public static let files = [
        "The state directory (mode 0700) holds NAME@MACHINE.jsonl (mode 0600), a stopwatch's journal on the machine that writes it: one JSON object a line, a line a change, with the state after it and the lap it recorded. docs/state-format.md describes it."
    ]

    /// The manual's SEE ALSO: the tools it stands beside.
    public static let seeAlso: [(page: String, section: Int)] = [
        ("time", 1), ("sleep", 1), ("timeout", 1), ("notify-send", 1), ("timew", 1), ("i3blocks", 1), ("tmux", 1),
    ]
    public static let documentation =
        "The README and docs/ of the source (guide.md, status-bars.md, json-format.md, state-format.md) give every command by topic, the status bar snippets, every JSON key and the state format."

    public static let examples: [CommandSpec.Example] = [
        .init("stopwatch start build", "start a stopwatch named build"),
        .init("stopwatch lap build --label compile", "record a lap"),
        .init("stopwatch timer 25m tea && stopwatch wait tea", "a countdown, and wait for it in a script"),
        .init("stopwatch run -- make -j4", "time a command"),
        .init("stopwatch cycle --notify", "a pomodoro, announced at every edge"),
    ]

    // MARK: What commands share

    static let nameArgument = ArgumentSpec(
        "NAME", .stopwatchName, optional: true, help: "the stopwatch (default: default)")
    /// NAME, or NAME@MACHINE for another machine's stopwatch of a name this one has too.
    static let nameOnMachineArgument = ArgumentSpec(
        "NAME[@MACHINE]", .stopwatchName, optional: true,
        help: "the stopwatch (default: default); NAME@MACHINE, the one another machine keeps, as 'list' shows it")
    static let jsonOption = OptionSpec(.json, help: "print the stopwatch as JSON, as 'status --json' does")
    /// `--away`: what a run does with the time the machine sleeps while it counts.
    static let awayOption = OptionSpec(
        .away, value: ValueSpec("POLICY", .choices(of: AwayPolicy.self)),
        help: "whether away time (the machine asleep, the screen locked, no input) counts in the run")
    static let tagOption = OptionSpec(
        .tag, value: ValueSpec("TAG,...", .tagList), help: "tag the run, for history and 'report --by tags'")
    /// `--tag` as `history` and `report` read it: which runs to keep.
    static let tagFilterOption = OptionSpec(
        .tag, value: ValueSpec("TAG,...", .tagList), help: "only runs with every one of these tags")
    /// `--ago` and `--at`, for a change told after the fact (`start`, `pause`): `verb` it as of then.
    static func backdateOptions(_ verb: String) -> [OptionSpec] {
        [
            OptionSpec(.ago, value: ValueSpec("DURATION", .duration), help: "\(verb) it as of this long ago"),
            OptionSpec(
                .at, value: ValueSpec("WHEN", .timeOfDay),
                help: "\(verb) it as of then: HH:MM, the latest time local clocks showed it, or a date and a time"),
        ]
    }
    static let followHelp =
        "keep printing: a new line each time the text changes, at once for another process's change, at most once a second with the default line or a whole-seconds format; ends on SIGTERM, SIGHUP or a closed pipe"
    static let execOption = OptionSpec(
        .exec, value: ValueSpec("COMMAND", .text),
        help:
            "at zero, run COMMAND with /bin/sh -c, detached, with STOPWATCH_NAME, STOPWATCH_DURATION and STOPWATCH_DURATION_MS set"
    )
}
