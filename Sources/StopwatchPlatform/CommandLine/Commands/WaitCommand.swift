import StopwatchCore

/// `stopwatch wait [NAME]`: blocks until a countdown expires, then notifies or runs a command if
/// asked. Also the background waiter of a countdown's hook that `timer` starts
/// (`WaitSession.hookArgument`), which is not typed by a person and has no help of its own.
public struct WaitCommand: ToolCommand {
    static let commandName = CommandName.wait

    public var name: StopwatchName
    public var notify: Bool
    public var exec: String?
    /// The background waiter of the countdown's stored hook (`WaitSession.Purpose.hook`).
    public var runsHook: Bool

    public init(name: StopwatchName = .timer, notify: Bool = false, exec: String? = nil, runsHook: Bool = false) {
        self.name = name
        self.notify = notify
        self.exec = exec
        self.runsHook = runsHook
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "block until a countdown expires",
            discussion: [
                "Block until a countdown expires, then exit 0 (at once if it already has). It follows pause, resume and reset from other shells, and wakes within milliseconds of the expiry without polling. It prints nothing, except a note when the countdown is paused or reset and standard error is a terminal.",
                "Exits 1 if NAME is a stopwatch or is deleted meanwhile, 66 if there is no such countdown, 130 on Ctrl-C, 143 on SIGTERM, 129 on SIGHUP.",
            ],
            arguments: [ArgumentSpec("NAME", .countdownName, optional: true, help: "the countdown (default: timer)")],
            options: [OptionSpec(.notify, help: "when the countdown expires, a desktop notification (notify-send) and a terminal one"), CommandCatalog.execOption],
            examples: [
                .init("stopwatch timer 25m tea && stopwatch wait tea && make", "act when it is done"),
                .init("stopwatch wait tea --notify", "and be told on the desktop"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        self.init(name: try arguments.name(default: .timer), notify: arguments.flag(.notify), exec: arguments.value(.exec))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        if runsHook { return WaitSession(name: name, container: container, purpose: .hook).run() }
        return WaitSession(name: name, container: container, notify: notify, exec: exec, describe: context.describe).run()
    }
}
