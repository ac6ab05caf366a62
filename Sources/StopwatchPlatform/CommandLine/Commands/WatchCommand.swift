import StopwatchCore

/// `stopwatch watch [NAME]`: one stopwatch live; `--all`, the live table of every one.
public struct WatchCommand: ToolCommand {
    static let commandName: CommandName = "watch"

    /// The stopwatch, or nil for `--all`.
    public var name: StopwatchName?
    /// A desktop and a terminal notification when a countdown expires.
    public var notify: Bool

    public init(name: StopwatchName? = .default, notify: Bool = false) {
        self.name = name
        self.notify = notify
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "show a stopwatch live",
            usage: ["[NAME] [--notify]", "--all [--notify]"],
            discussion: [
                "Show a stopwatch or countdown live until you quit. On a terminal one line is redrawn in place and each lap is printed above it. Changes made from other shells show at once. Keys: space starts, pauses or resumes; l laps; r resets (press it twice); + and - give a countdown (a cycle's phase) 10 s more or less; n begins a cycle's next phase; k and d keep or drop the away time of a run started --away ask; q quits. A key that does not apply says why in the line.",
                "With standard input not a terminal, each input line is a command: start, pause, resume, toggle, lap [LABEL], reset, next, keep, drop (the away time of a run started --away ask), quit. End of input ends a stopwatch's view; a countdown's goes on to zero. With standard output not a terminal, each event is one plain line.",
                "A cycle rings the bell at each edge, and into a pipe writes a line at each. A countdown rings the bell once at zero and the view exits 0; quitting before then exits 1 and says how to cancel it. Exits 0 on q or end of input, 130 on Ctrl-C, 143 on SIGTERM, 129 on SIGHUP.",
                "With --all, a table of every stopwatch and countdown, running first, then paused, then the rest, follows what other shells start, lap, pause and delete; a countdown reaching zero rings once and shows as expired. It never has more rows than the window, and says how many are hidden. Into a pipe, one line per change. q, Ctrl-C or a signal ends it; the end of input does not.",
            ],
            arguments: [
                ArgumentSpec(
                    "NAME", .stopwatchName, optional: true, help: "the stopwatch or countdown (default: default)")
            ],
            options: [
                OptionSpec(.all, help: "a live table of every stopwatch and countdown instead of one"),
                OptionSpec(
                    .notify,
                    help: "when a countdown expires, a desktop notification (over the session bus) and a terminal one"),
            ],
            examples: [
                .init("stopwatch watch build", "follow build live"),
                .init("stopwatch watch --all", "every stopwatch and countdown at a glance"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        guard arguments.flag(.all) else {
            self.init(name: try arguments.name(), notify: arguments.flag(.notify))
            return
        }
        if !arguments.positionals.isEmpty {
            throw arguments.error(.allTakesNoName(suggestion: arguments.form.removing(.all)))
        }
        self.init(name: nil, notify: arguments.flag(.notify))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        guard let name else { return WatchAllSession(container: try context.container(), notify: notify).run() }
        return WatchSession(name: name, container: try context.container(), notify: notify).run()
    }
}
