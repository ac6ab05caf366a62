import StopwatchCore

/// `stopwatch toggle [NAME]`: starts, pauses or resumes, whichever applies; with `--shown`, acts
/// on the one a status bar shows, dismissing it when it expired.
public struct ToggleCommand: ToolCommand {
    static let commandName: CommandName = "toggle"

    /// The stopwatch, or nil for `--shown`.
    public var name: StopwatchName?
    public var json: Bool

    public init(name: StopwatchName? = .default, json: Bool = false) {
        self.name = name
        self.json = json
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "start, pause or resume, whichever applies",
            usage: ["[NAME] [--json]", "--shown [--json]"],
            discussion: [
                "Start a stopwatch never started (or reset), pause a running one, resume a paused one, as space does in the live view, and print its new status. The choice is made under the lock, on the status as stored, so clicks that race each act on what the one before left.",
                "It is the command a status bar binds to a click: waybar's on-click, i3blocks' button, polybar's click-left, a tmux key. With --shown it acts on the one the bar shows ('list --format' picks the most pressing), and a countdown that has expired is dismissed instead, as 'dismiss' does; with nothing shown, or another machine's (changed there), it changes nothing and exits 1. Which one is shown is read just before the change, and the change is made on its status as stored then, as 'toggle NAME' makes it: a command that changes it in between (a reset, say) is what the click acts on.",
            ],
            arguments: [CommandCatalog.nameArgument],
            options: [
                OptionSpec(
                    .shown,
                    help: "act on the stopwatch a status bar shows (the most pressing), dismissing it if it expired"),
                CommandCatalog.jsonOption,
            ],
            examples: [
                .init("stopwatch toggle build", "start, pause or resume build"),
                .init("stopwatch toggle --shown", "what a bar's click runs"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        guard arguments.flag(.shown) else {
            self.init(name: try arguments.name(), json: arguments.flag(.json))
            return
        }
        if let extra = arguments.positionals.first {
            throw arguments.error(.shownTakesNoName(extra, suggestion: arguments.form.removing(.shown)))
        }
        self.init(name: nil, json: arguments.flag(.json))
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let format: StatusView.Format = json ? .json : .line
        if let name {
            try context.perform(.toggle, on: name, showing: format)
            return .success
        }
        // What `list --format` shows: the most pressing one (`StopwatchViewState.mostPressing`).
        let active = try context.perform(.loadActive, showing: nil).viewState?.stopwatches ?? []
        guard let shown = StopwatchViewState.pressing(active)?.shown, let name = StopwatchName(shown.name) else {
            try context.container().presentation.messages.writeMessage(MessageMapper.line(for: .nothingShown))
            return .notApplicable
        }
        // Another machine's is changed there: said, not taken for this machine's of the name.
        if let machine = shown.runsOn { throw StopwatchError.runsElsewhere(name, machine: machine) }
        // A click puts an expired one away and begins the phase a cycle waits for.
        let action: StopwatchAction =
            switch shown.status {
            case .expired: .dismiss
            case .waiting: .nextPhase
            default: .toggle
            }
        try context.perform(action, on: name, showing: format)
        return .success
    }
}
