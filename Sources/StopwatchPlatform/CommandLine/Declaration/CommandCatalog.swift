import StopwatchCore

/// The command line's declaration: every command with its arguments, options and help, and the
/// texts about the tool as a whole. The parser, `--help`, the manual page and the completion
/// scripts are all made from it.
public enum CommandCatalog {
    /// The version `--version`, the manual and the package report: `-dev` until the release that
    /// ships what this build writes (state format 3 is not 0.3.0's).
    public static let version = "0.4.0-dev"

    /// Every command's declaration, in the order help lists them.
    public static var commands: [CommandSpec] {
        CommandName.allCases.map(spec)
    }

    /// The options every command takes, and the tool takes alone.
    public static let helpOption = OptionSpec(.help, short: "-h", help: "show this help")
    public static let versionOption = OptionSpec(.version, short: "-V", help: "show the version")

    // MARK: The tool

    public static let summary = "a stopwatch and countdown timer for the shell"

    public static let description = [
        "A stopwatch and countdown timer for the shell. Each command is one process and the state is kept in files between them, so a stopwatch or countdown keeps running across shells, suspend and reboots, and named ones run side by side.",
        "'stopwatch' alone shows every running or paused stopwatch and countdown; 'stopwatch --format FORMAT' shows the most pressing one for a status bar, as 'stopwatch list --format FORMAT' does.",
    ]

    public static let nameRule = "NAME is \(MessageMapper.nameRule); it defaults to 'default' ('timer' for timer and wait)."

    public static let durations = [
        "Durations, wherever one is read: 90 (seconds), 90s, 5min, 1h30m, '1h 30m', '2 hours', 1.5h, 250ms, 2d3h, 1:30 (M:SS), 01:02:03 (H:MM:SS). Units: w week weeks, d day days, h hr hrs hour hours, m min mins minute minutes, s sec secs second seconds, ms msec, us usec µs; largest first, each at most once. Any number may have a fraction; the result is truncated to whole microseconds. Zero, negative, unknown units and more than 100 years are refused (exit 64).",
    ]

    public static let outputFormats = [
        "Times for people are MM:SS.cc under an hour and H:MM:SS.cc from an hour on, always truncated, never rounded; a countdown's time left is its duration minus the truncated elapsed time, so 00:00.00 left shows only at expiry. A '~' marks a time estimated from the wall clock after a reboot.",
        "--json prints one line of JSON with sorted keys; --format ms and s print a number alone; laps --csv prints RFC 4180 CSV. Data goes to standard output, messages to standard error, one line each. docs/json-format.md lists every key.",
    ]

    /// Every status the tool exits with, by its `ExitCode`; help and the manual print these.
    public static let exitCodes: [(codes: [ExitCode], meaning: String)] = [
        ([.success], "success"),
        ([.notApplicable], "the command does not apply now (pause while paused, start while running, timer on a countdown with time left); a countdown's watch quit before zero; wait on a stopwatch or a deleted countdown; list --quiet with nothing running, paused or expired"),
        ([.urgent], "status --format i3blocks of an expired countdown, which i3blocks shows as urgent"),
        ([.usage], "usage error: unknown command or option, bad name, duration or time"),
        ([.dataError], "a state file cannot be read or is invalid; it is left untouched"),
        ([.noInput], "no such stopwatch"),
        ([.software], "internal error (a bug)"),
        ([.cannotCreate], "the state directory cannot be created or is unsafe"),
        ([.ioError], "input/output error; the previous state is kept"),
        ([.runFailed], "run: stopwatch itself failed; otherwise run exits with its command's status"),
        ([.cannotExecute], "run: the command cannot be run"),
        ([.commandNotFound], "run: no such command"),
        ([.hangUp, .interrupted, .terminated], "watch, wait or --follow ended by SIGHUP, Ctrl-C or SIGTERM (a --follow whose reader closed the pipe exits 0)"),
    ]

    public static let environment: [(name: String, meaning: String)] = [
        ("STOPWATCH_HOME", "the state directory (an absolute path)"),
        ("XDG_STATE_HOME", "else the state directory is $XDG_STATE_HOME/stopwatch"),
        ("HOME", "else it is ~/.local/state/stopwatch"),
        ("NO_COLOR", "when set, the live view and the status bar formats use no colours (the live view neither with TERM=dumb)"),
        ("TZ", "the time zone of timer --until and stamp --format clock|iso"),
    ]

    public static let files = [
        "The state directory (mode 0700) holds NAME.jsonl (mode 0600), a stopwatch's journal: one JSON object a line, a line a change, with the state after it and the lap it recorded. docs/state-format.md describes it.",
    ]

    /// The manual's SEE ALSO: the tools it stands beside.
    public static let seeAlso: [(page: String, section: Int)] = [
        ("time", 1), ("sleep", 1), ("timeout", 1), ("notify-send", 1), ("timew", 1), ("i3blocks", 1), ("tmux", 1),
    ]
    public static let documentation =
        "The README and docs/ of the source (status-bars.md, json-format.md, state-format.md) give the status bar snippets, every JSON key and the state format."

    public static let examples: [CommandSpec.Example] = [
        .init("stopwatch start build", "start a stopwatch named build"),
        .init("stopwatch lap build --label compile", "record a lap"),
        .init("stopwatch timer 25m tea && stopwatch wait tea", "a countdown, and wait for it in a script"),
        .init("stopwatch run -- make -j4", "time a command"),
    ]

    // MARK: The commands

    static let nameArgument = ArgumentSpec("NAME", .stopwatchName, optional: true, help: "the stopwatch (default: default)")
    static let jsonOption = OptionSpec(.json, help: "print the stopwatch as JSON, as 'status --json' does")
    static let followHelp =
        "keep printing: a new line each time the text changes, at once for another process's change, once a second with a whole-seconds format; ends on SIGTERM, SIGHUP or a closed pipe"
    static let execOption = OptionSpec(
        .exec, value: ValueSpec("COMMAND", .text),
        help: "at zero, run COMMAND with /bin/sh -c, detached, with STOPWATCH_NAME, STOPWATCH_DURATION and STOPWATCH_DURATION_MS set"
    )

    /// The declaration of `name`. Each is made only when asked for, so a command that runs pays
    /// for its own declaration, not every command's.
    public static func spec(_ name: CommandName) -> CommandSpec {
        switch name {
        case .start:
            CommandSpec(
                .start, summary: "start a stopwatch",
                discussion: [
                    "Start a stopwatch that was never started, or was reset, and print its status; one that does not exist is created. A running or paused one is refused (exit 1): 'stopwatch restart' starts it over, 'stopwatch resume' goes on with a paused one."
                ],
                arguments: [nameArgument], options: [jsonOption],
                examples: [.init("stopwatch start build", "start the stopwatch named build")]
            )
        case .restart:
            CommandSpec(
                .restart, summary: "reset and start again, in one step",
                discussion: [
                    "Reset a stopwatch, clearing its laps, and start it again at once, whatever its status; a countdown starts again from its full duration. One that does not exist is created."
                ],
                arguments: [nameArgument], options: [jsonOption],
                examples: [.init("stopwatch restart build", "time build from zero again")]
            )
        case .pause:
            CommandSpec(
                .pause, summary: "pause a running stopwatch, keeping its time",
                discussion: ["Pause a running stopwatch or countdown and print its status. It keeps its time: 'stopwatch resume' goes on from there."],
                arguments: [nameArgument], options: [jsonOption],
                examples: [.init("stopwatch pause build", "hold build's time")]
            )
        case .resume:
            CommandSpec(
                .resume, summary: "resume a paused stopwatch",
                discussion: ["Resume a paused stopwatch or countdown from the time it was paused at, and print its status."],
                arguments: [nameArgument], options: [jsonOption],
                examples: [.init("stopwatch resume build", "go on timing build")]
            )
        case .toggle:
            CommandSpec(
                .toggle, summary: "start, pause or resume, whichever applies",
                usage: ["[NAME] [--json]", "--shown [--json]"],
                discussion: [
                    "Start a stopwatch never started (or reset), pause a running one, resume a paused one, as space does in the live view, and print its new status. The choice is made under the lock, on the status as stored, so clicks that race each act on what the one before left.",
                    "It is the command a status bar binds to a click: waybar's on-click, i3blocks' button, polybar's click-left, a tmux key. With --shown it acts on the one the bar shows ('list --format' picks the most pressing), and a countdown that has expired is dismissed instead, as 'dismiss' does; with nothing shown it changes nothing and exits 1.",
                ],
                arguments: [nameArgument],
                options: [
                    OptionSpec(.shown, help: "act on the stopwatch a status bar shows (the most pressing), dismissing it if it expired"),
                    jsonOption,
                ],
                examples: [
                    .init("stopwatch toggle build", "start, pause or resume build"),
                    .init("stopwatch toggle --shown", "what a bar's click runs"),
                ]
            )
        case .lap:
            CommandSpec(
                .lap, summary: "record a lap and print it",
                discussion: [
                    "Record a lap on a running stopwatch and print it: its number, its time since the previous lap, the total at the split and the label."
                ],
                arguments: [nameArgument],
                options: [
                    OptionSpec(.label, value: ValueSpec("TEXT", .text), help: "a label: up to 256 characters, no control characters"),
                    OptionSpec(.json, help: "print the stopwatch as JSON with the lap"),
                ],
                examples: [.init("stopwatch lap build --label compile", "record lap 'compile' of build")]
            )
        case .reset:
            CommandSpec(
                .reset, summary: "back to 00:00.00, laps cleared",
                discussion: [
                    "Put a stopwatch back to 00:00.00 (a countdown to its full duration), clear its laps and print its status. One already reset stays so, and that succeeds: a script needs no '|| true'."
                ],
                arguments: [nameArgument], options: [jsonOption],
                examples: [.init("stopwatch reset build", "clear build")]
            )
        case .dismiss:
            CommandSpec(
                .dismiss, summary: "acknowledge an expired countdown",
                usage: ["[NAME] [--json]"],
                discussion: [
                    "Acknowledge a countdown that has expired: it is reset to its full duration, so it leaves the status bars, 'stopwatch' and 'list --quiet', and 'start' runs it again. With no NAME, every countdown that has expired; each one dismissed is printed as 'status' prints it, and a note says when there was none. A countdown with time left, or a stopwatch, is refused (exit 1); 'delete' removes one instead."
                ],
                arguments: [ArgumentSpec("NAME", .countdownName, optional: true, help: "the countdown (default: every expired one)")],
                options: [OptionSpec(.json, help: "print what was dismissed as JSON: the countdown, or with no NAME, as 'list --json' does")],
                examples: [
                    .init("stopwatch dismiss tea", "tea: initial 25:00.00 left of 25:00.00"),
                    .init("stopwatch dismiss", "every expired countdown"),
                ]
            )
        case .status:
            CommandSpec(
                .status, summary: "show the status and time",
                usage: ["[NAME] [--format FORMAT | --json]", "[NAME] --format TEMPLATE|waybar|i3blocks|polybar|tmux --follow"],
                discussion: [
                    "Show a stopwatch's status and elapsed time, or a countdown's time left ('expired' and how long ago once it reached zero). A name never created is an error (exit 66), so a typo never reads as zero.",
                    "A --format with braces is a template ({{ and }} for braces themselves). Its fields: "
                        + StatusTemplate.Field.allCases.map { "{\($0.rawValue)}, \($0.help)" }.joined(separator: "; ") + ".",
                ],
                arguments: [nameArgument],
                options: [
                    OptionSpec(
                        .format, value: ValueSpec("FORMAT", .choices(of: StatusFormatChoice.self, StatusBarFormat.self), acceptsTemplate: true),
                        help: "how to print it, or a template of fields in braces: '{name} {left_s}'"
                    ),
                    OptionSpec(.json, help: "one JSON object (the same as --format json)"),
                    OptionSpec(.follow, help: followHelp),
                ],
                examples: [
                    .init("stopwatch status build", "build: running 01:02.34, 2 laps"),
                    .init("stopwatch status tea --format '{name} {left_s}'", "tea 04:57, for a status bar"),
                    .init("stopwatch status tea --format polybar --follow", "a line each second while it runs, for polybar's tail = true"),
                    .init("t=$(stopwatch status build --format ms)", "the elapsed milliseconds, for a script"),
                ]
            )
        case .laps:
            CommandSpec(
                .laps, summary: "list the laps, with statistics",
                usage: ["[NAME] [--format table|csv|json]"],
                discussion: [
                    "List every lap with its number, its time, the total at the split and its label, the best and worst marked once there are two or more, then the count, minimum, maximum, mean and median."
                ],
                arguments: [nameArgument],
                options: [
                    OptionSpec(.format, value: ValueSpec("FORMAT", .choices(of: LapsView.Format.self)), help: "how to print the laps"),
                    OptionSpec(.csv, help: "as --format csv"),
                    OptionSpec(.json, help: "as --format json"),
                ],
                examples: [.init("stopwatch laps build --csv > timings.csv", "the laps as a spreadsheet")]
            )
        case .list:
            CommandSpec(
                .list, summary: "list every stopwatch and countdown",
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
                    OptionSpec(.follow, help: followHelp + " (with --format)"),
                    OptionSpec(.quiet, help: "print nothing; exit 0 when one runs, is paused or expired, 1 when none does"),
                ],
                examples: [
                    .init("stopwatch list", "NAME  STATUS  TIME  LAPS, one row each"),
                    .init("stopwatch list --countdowns --names", "the countdowns' names, one a line"),
                    .init("stopwatch list --format waybar", "the most pressing one for waybar, all in its tooltip"),
                    .init("stopwatch list --quiet && echo busy", "whether anything runs, by the exit status alone"),
                ]
            )
        case .delete:
            CommandSpec(
                .delete, summary: "delete stopwatches and their laps",
                usage: ["NAME...", "--expired", "--force NAME..."],
                discussion: [
                    "Delete stopwatches or countdowns and their laps: all of them, or none if one does not exist (exit 66) or cannot be read (exit 65). It prints nothing, except with --expired, which says on standard error which it deleted (or that none had expired)."
                ],
                arguments: [ArgumentSpec("NAME", .stopwatchName, optional: true, repeating: true, help: "the stopwatches to delete")],
                options: [
                    OptionSpec(.expired, help: "delete every countdown that has expired"),
                    OptionSpec(.force, help: "delete the files of a stopwatch that cannot be read; a symlink is removed, never followed"),
                ],
                examples: [
                    .init("stopwatch delete build test", "delete two stopwatches"),
                    .init("stopwatch delete --expired", "clear away finished countdowns"),
                ]
            )
        case .watch:
            CommandSpec(
                .watch, summary: "show a stopwatch live",
                usage: ["[NAME] [--notify]", "--all [--notify]"],
                discussion: [
                    "Show a stopwatch or countdown live until you quit. On a terminal one line is redrawn in place and each lap is printed above it. Changes made from other shells show at once. Keys: space starts, pauses or resumes; l laps; r resets (press it twice); + and - give a countdown 10 s more or less; q quits. A key that does not apply says why in the line.",
                    "With standard input not a terminal, each input line is a command: start, pause, resume, toggle, lap [LABEL], reset, quit. End of input ends a stopwatch's view; a countdown's goes on to zero. With standard output not a terminal, each event is one plain line.",
                    "A countdown rings the bell once at zero and the view exits 0; quitting before then exits 1 and says how to cancel it. Exits 0 on q or end of input, 130 on Ctrl-C, 143 on SIGTERM, 129 on SIGHUP.",
                    "With --all, a table of every stopwatch and countdown, running first, then paused, then the rest, follows what other shells start, lap, pause and delete; a countdown reaching zero rings once and shows as expired. It never has more rows than the window, and says how many are hidden. Into a pipe, one line per change. q, Ctrl-C or a signal ends it; the end of input does not.",
                ],
                arguments: [ArgumentSpec("NAME", .stopwatchName, optional: true, help: "the stopwatch or countdown (default: default)")],
                options: [
                    OptionSpec(.all, help: "a live table of every stopwatch and countdown instead of one"),
                    OptionSpec(.notify, help: "when a countdown expires, a desktop notification (notify-send) and a terminal one"),
                ],
                examples: [
                    .init("stopwatch watch build", "follow build live"),
                    .init("stopwatch watch --all", "every stopwatch and countdown at a glance"),
                ]
            )
        case .timer:
            CommandSpec(
                .timer, summary: "create and start a countdown",
                usage: [
                    "DURATION [NAME] [--force] [--notify] [--exec COMMAND] [--watch | --json]",
                    "--until HH:MM[:SS] [NAME] [--force] [--notify] [--exec COMMAND] [--watch | --json]",
                    "[NAME] --add [-]DURATION [--notify] [--exec COMMAND] [--watch | --json]",
                ],
                discussion: [
                    "Create a countdown and start it. pause, resume, reset (back to the full duration), restart, status, lap, list, delete, watch and wait work on it, and it counts on the same clocks as a stopwatch: right through suspend and wall-clock changes.",
                    "A name is reusable: a countdown that has expired, or was reset, is replaced. One with time left, or a stopwatch, is refused (exit 1) unless --force. Write the duration as one word (5min, 1h30m): a NAME that reads as a duration or a unit is refused, unless it comes after '--', where every word is a name (stopwatch timer 10s -- m).",
                    "With --notify, the expiry is announced by a desktop notification (notify-send, when it is on PATH) and a terminal one (OSC 9 and OSC 777, when standard output is a terminal); timer says at once when neither will be there.",
                    "With --exec COMMAND, COMMAND runs at zero through /bin/sh -c, detached (it survives the terminal closing and holds none of the caller's descriptors), with STOPWATCH_NAME, STOPWATCH_DURATION (25:00.00) and STOPWATCH_DURATION_MS in its environment. --notify and --exec combine.",
                    "Both are kept with the countdown, and a waiter started in the background does them at zero, exactly once, however the command that set them ended (--watch quit early, the terminal closed). A countdown deleted before zero, or replaced, never does them (the replacement does its own); one paused, reset or given more time does them at its new zero. With --add, --exec replaces the countdown's command and --notify adds a notification.",
                    "With --add, change a countdown that exists instead: its time left grows by DURATION, or shrinks by -DURATION, but never below zero (taking more than is left ends it now). It is done under the lock, so two processes adding at once both count; + and - do the same, by 10 s, in the live view.",
                ],
                arguments: [
                    ArgumentSpec("DURATION", .duration, help: "how long it runs: 90, 90s, 5min, 1h30m, 1:30, ..."),
                    ArgumentSpec("NAME", .countdownName, optional: true, help: "the countdown (default: timer)"),
                ],
                options: [
                    OptionSpec(.until, value: ValueSpec("HH:MM[:SS]", .timeOfDay), help: "run until the next time local clocks show this (24-hour), instead of a duration"),
                    OptionSpec(.add, value: ValueSpec("[-]DURATION", .duration), help: "give the countdown NAME more time (or less, with -) instead of creating one"),
                    OptionSpec(.force, help: "replace a countdown with time left, or a stopwatch, of that name"),
                    OptionSpec(.watch, help: "then show it live, as 'watch' does"),
                    OptionSpec(.notify, help: "notify when it expires (notify-send, the terminal), from the background"),
                    execOption,
                    OptionSpec(.json, help: "print the countdown as JSON, as 'status --json' does"),
                ],
                examples: [
                    .init("stopwatch timer 25m tea", "tea: running 25:00.00 left of 25:00.00"),
                    .init("stopwatch timer --until 17:30 meeting", "count down to half past five"),
                    .init("stopwatch timer tea --add 2m", "tea: running 06:59.12 left of 07:00.00"),
                ]
            )
        case .wait:
            CommandSpec(
                .wait, summary: "block until a countdown expires",
                discussion: [
                    "Block until a countdown expires, then exit 0 (at once if it already has). It follows pause, resume and reset from other shells, and wakes within milliseconds of the expiry without polling. It prints nothing, except a note when the countdown is paused or reset and standard error is a terminal.",
                    "Exits 1 if NAME is a stopwatch or is deleted meanwhile, 66 if there is no such countdown, 130 on Ctrl-C, 143 on SIGTERM, 129 on SIGHUP.",
                ],
                arguments: [ArgumentSpec("NAME", .countdownName, optional: true, help: "the countdown (default: timer)")],
                options: [OptionSpec(.notify, help: "when the countdown expires, a desktop notification (notify-send) and a terminal one"), execOption],
                examples: [
                    .init("stopwatch timer 25m tea && stopwatch wait tea && make", "act when it is done"),
                    .init("stopwatch wait tea --notify", "and be told on the desktop"),
                ]
            )
        case .run:
            CommandSpec(
                .run, summary: "time a command",
                usage: ["[OPTIONS] COMMAND [ARG...]", "NAME [OPTIONS] -- COMMAND [ARG...]"],
                discussion: [
                    "Run COMMAND with the same standard input, output and error, time it on the monotonic (boot) clock, and print how long it took to standard error when it ends. Everything from the first word that is not an option is the command; with '--', the word before it is a stopwatch NAME to record the run in, as a lap of the command's own time (the stopwatch is started first if it is not running).",
                    "Exits with COMMAND's status, 128+N if signal N killed it, 127 if it was not found, 126 if it could not be run, and 125 if stopwatch itself failed (a usage error, a refused or unreadable stopwatch). SIGINT, SIGTERM, SIGHUP and SIGQUIT are passed on to COMMAND.",
                ],
                arguments: [
                    ArgumentSpec("NAME", .stopwatchName, optional: true, help: "a stopwatch to record the run in (before '--')"),
                    ArgumentSpec("COMMAND", .command, repeating: true, help: "the command and its arguments"),
                ],
                options: [
                    OptionSpec(.label, value: ValueSpec("TEXT", .text), help: "the lap's label (default: the command line); needs NAME"),
                    OptionSpec(
                        .format, value: ValueSpec("FORMAT", .choices(of: TimedRunView.Format.self)), help: "how to print the time"
                    ),
                    OptionSpec(.json, help: "one JSON object (the same as --format json)"),
                    OptionSpec(.quiet, help: "print nothing"),
                    OptionSpec(.output, short: "-o", value: ValueSpec("FILE", .file), help: "write the time to FILE instead of standard error ('-' for standard output)"),
                ],
                examples: [
                    .init("stopwatch run make -j4", "make -j4 took 01:02.34"),
                    .init("stopwatch run ci --label build -- make", "record the build as a lap of ci"),
                ]
            )
        case .stamp:
            CommandSpec(
                .stamp, summary: "prefix each line of input with its time",
                usage: ["[--since start|previous] [--format human|ms|s|us] [--summary]", "--format clock|iso [--summary]"],
                discussion: [
                    "Copy standard input to standard output, each line prefixed with the time since the first line arrived (--since start) or since the previous line (--since previous), on the monotonic clock and exact to the microsecond, or with the wall-clock time it arrived (--format clock or iso). Bytes pass through unchanged. A closed standard output ends it quietly with 0."
                ],
                options: [
                    OptionSpec(
                        .since, value: ValueSpec("WHEN", .choices(of: StampSession.Since.self)), help: "what an elapsed time counts from"
                    ),
                    OptionSpec(
                        .format, value: ValueSpec("FORMAT", .choices(of: StampPrefix.Format.self)), help: "the prefix"
                    ),
                    OptionSpec(.summary, help: "at the end, print the line count and the times between lines to standard error"),
                ],
                examples: [
                    .init("make 2>&1 | stopwatch stamp", "00:01.203117 cc -c parse.c"),
                    .init("tail -f app.log | stopwatch stamp --format clock", "14:05:01.123456 a line"),
                ]
            )
        case .completions:
            CommandSpec(
                .completions, summary: "print a shell completion script",
                discussion: [
                    "Print the completion script for bash, zsh or fish. It completes commands, options, the values an option takes and the names of stopwatches, and is made from the same declaration as this help. scripts/install.sh installs all three."
                ],
                arguments: [
                    ArgumentSpec("SHELL", .choices(of: CompletionScript.Shell.self), help: "the shell")
                ],
                examples: [
                    .init("source <(stopwatch completions bash)", "complete in this bash session"),
                    .init("stopwatch completions fish | source", "the same in fish"),
                ]
            )
        case .manual:
            CommandSpec(
                .manual, summary: "print the manual page",
                discussion: ["Print the manual page, in roff, made from the same declaration as this help. scripts/install.sh installs it."],
                examples: [.init("stopwatch manual | man -l -", "read the manual without installing it")]
            )
        case .help:
            CommandSpec(
                .help, summary: "show help for a command",
                discussion: ["Show help for the tool, or for one command."],
                arguments: [ArgumentSpec("COMMAND", .toolCommand, optional: true, help: "the command")],
                examples: [.init("stopwatch help timer", "how countdowns work")]
            )
        }
    }
}
