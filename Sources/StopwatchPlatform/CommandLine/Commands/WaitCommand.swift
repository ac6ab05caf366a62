import StopwatchCore

/// `stopwatch wait [NAME]`: blocks until a countdown expires (or a cycle ends, or with `--edge`
/// reaches its next edge), then notifies or runs a command if asked. Also the background waiter of a countdown's hook that `timer` starts
/// (`WaitSession.hookArgument`), and the away watcher (`AwayWatchSession.argument`), which are not
/// typed by a person and have no help of their own.
public struct WaitCommand: ToolCommand {
    static let commandName = CommandName.wait

    public var name: StopwatchName
    public var notify: Bool
    public var exec: String?
    /// The background waiter of the countdown's stored hook (`WaitSession.Purpose.hook`).
    public var runsHook: Bool
    /// `--edge`: a cycle's next edge only.
    public var untilEdge: Bool
    /// The away watcher (`AwayWatchSession`), started as `stopwatch --watch-away` by a command
    /// that set a run going; no name.
    public var watchesAway: Bool

    public init(
        name: StopwatchName = .timer, notify: Bool = false, exec: String? = nil, runsHook: Bool = false,
        untilEdge: Bool = false, watchesAway: Bool = false
    ) {
        self.name = name
        self.notify = notify
        self.exec = exec
        self.runsHook = runsHook
        self.untilEdge = untilEdge
        self.watchesAway = watchesAway
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "block until a countdown expires, or a cycle ends",
            usage: ["[NAME] [--notify] [--exec COMMAND]", "[NAME] --edge"],
            discussion: [
                "Block until a countdown expires, then exit 0 (at once if it already has). It follows pause, resume and reset from other shells, and wakes within milliseconds of the expiry without polling. It prints nothing, except a note when the countdown is paused or reset and standard error is a terminal.",
                "A cycle of so many rounds is waited for to its end. With --edge, a cycle's next edge only: it returns 0 when the phase the cycle is in ends, or 'next' ends it from another shell, or, while the cycle waits for a person, when 'next' begins the phase; paused, it waits. A cycle that has ended has no edge left: 1, so a loop of waits ends with the cycle.",
                "Exits 1 if NAME is a stopwatch (with --edge, not a cycle, or a cycle that has ended) or is deleted meanwhile, 66 if there is no such countdown, 130 on Ctrl-C, 143 on SIGTERM, 129 on SIGHUP.",
            ],
            arguments: [
                ArgumentSpec(
                    "NAME", .countdownName, optional: true,
                    help: "the countdown (default: timer), or with --edge the cycle (default: cycle)")
            ],
            options: [
                OptionSpec(
                    .notify,
                    help: "when the countdown expires, a desktop notification (over the session bus) and a terminal one"
                ), CommandCatalog.execOption,
                OptionSpec(
                    .edge,
                    help:
                        "a cycle's next edge only: the end of the phase it is in, or the start of the one it waits for"),
            ],
            examples: [
                .init("stopwatch timer 25m tea && stopwatch wait tea && make", "act when it is done"),
                .init("stopwatch wait tea --notify", "and be told on the desktop"),
                .init(
                    "while stopwatch wait cycle --edge; do stopwatch status cycle; done",
                    "a line at each edge of a cycle, until it ends"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        if arguments.flag(.edge) {
            for other in [OptionName.notify, .exec] where arguments.flag(other) {
                throw arguments.error(.exclusiveOptions(.edge, other))
            }
        }
        // A cycle's default name is `cycle`, a countdown's `timer`.
        let edge = arguments.flag(.edge)
        self.init(
            name: try arguments.name(default: edge ? .cycle : .timer), notify: arguments.flag(.notify),
            exec: arguments.value(.exec), untilEdge: edge)
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        if watchesAway { return AwayWatchSession(container: container).run() }
        if runsHook { return WaitSession(name: name, container: container, purpose: .hook).run() }
        if untilEdge {
            return WaitSession(name: name, container: container, purpose: .edge, describe: context.describe).run()
        }
        return WaitSession(name: name, container: container, notify: notify, exec: exec, describe: context.describe)
            .run()
    }
}
