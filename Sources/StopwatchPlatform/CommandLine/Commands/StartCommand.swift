import StopwatchCore

/// `stopwatch start [NAME] [--json]`: starts a stopwatch never started, or reset.
public struct StartCommand: StopwatchChangeCommand {
    static let commandName = CommandName.start
    static let action = StopwatchAction.start

    public var name: StopwatchName
    public var json: Bool
    /// When it was started, told after the fact; nil for now.
    public var back: BackdateWord?
    /// The run's tags (`--tag`), sorted.
    public var tags: [String] = []
    /// What the run does with the time the machine sleeps (`--away`); nil for what it did before.
    public var away: AwayPolicy?
    /// Whether the other stopwatches running here are paused first (`--switch`), as `timew start`
    /// closes the interval open: one moment counted once.
    public var switching = false

    public init(name: StopwatchName = .default, json: Bool = false) {
        self.name = name
        self.json = json
    }

    public init(
        name: StopwatchName = .default, json: Bool = false, back: BackdateWord?, tags: [String] = [],
        away: AwayPolicy? = nil
    ) {
        self.init(name: name, json: json)
        self.back = back
        self.tags = tags
        self.away = away
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        self.init(
            name: try arguments.name(), json: arguments.flag(.json), back: try arguments.backdate(),
            tags: try arguments.tags(), away: arguments.choice(.away, as: AwayPolicy.self))
        switching = arguments.flag(.switchOthers)
        if switching, back != nil {
            throw arguments.error(.exclusiveOptions(.switchOthers, arguments.value(.ago) != nil ? .ago : .at))
        }
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let action =
            back == nil && tags.isEmpty && away == nil ? Self.action : .startWith(back: back, tags: tags, away: away)
        if switching { try pauseOthers(in: context) }
        try context.perform(action, on: name, showing: json ? .json : .line)
        return .success
    }

    /// Pauses the other stopwatches running here, once it is known that `name` can start: a start
    /// refused changes nothing.
    private func pauseOthers(in context: CommandContext) throws {
        let container = try context.container()
        let list = ViewModelFactory(container: container).makeStopwatchListViewModel()
        try list.handle(.load)
        let current = ViewModelFactory(container: container).makeStopwatchViewModel(name)
        try? current.handle(.load)
        if let status = current.viewState?.status, status != .initial, current.viewState?.runsOn == nil {
            // Refused as the start itself refuses it, before anything is paused.
            try context.perform(Self.action, on: name, showing: nil)
        }
        for other in list.stopwatchesRunningHere where other != name {
            try context.perform(.pause, on: other, showing: .line)
        }
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "start a stopwatch",
            usage: [
                "[NAME] [--ago DURATION] [--tag TAG,...] [--away POLICY] [--json]",
                "[NAME] --switch [--tag TAG,...] [--away POLICY] [--json]",
                "[NAME] --at HH:MM[:SS] [--tag TAG,...] [--away POLICY] [--json]",
            ],
            discussion: [
                "Start a stopwatch that was never started, or was reset, and print its status; one that does not exist is created. A running or paused one is refused (exit 1): 'stopwatch restart' starts it over, 'stopwatch resume' goes on with a paused one.",
                "--tag TAG,... tags the run: history keeps its tags, and 'stopwatch report --by tags' totals them.",
                "--away POLICY (keep, drop or ask) says what the run does with the time nobody is at the machine while it counts (its away time): the machine asleep (suspended, the lid shut), the screen locked, or no input past the desktop's idle delay (the last two told by systemd-logind, which GNOME, KDE and swayidle keep informed). A stopwatch keeps it unless told to drop it, and stands still through it then. Either way 'status' and 'history' tell away time apart, with its cause.",
                "--switch pauses the other stopwatches running on this machine first (countdowns and cycles run on), each printed as it pauses, as Timewarrior's start ends the interval open, so that runs do not overlap (today's total and a goal count a shared moment once either way; report gives each run its own). A start that is refused pauses nothing.",
                "Forgot to start it? --ago DURATION or --at HH:MM starts it as of then (never in the future; --at is the latest time the clocks showed it). Within this boot the time since is measured on the boot clock, exactly; before this boot it is estimated from the wall clock, and marked so.",
            ],
            arguments: [CommandCatalog.nameArgument],
            options: CommandCatalog.backdateOptions("start") + [
                CommandCatalog.tagOption,
                CommandCatalog.awayOption,
                OptionSpec(.switchOthers, help: "pause the other stopwatches running here first"),
                CommandCatalog.jsonOption,
            ],
            examples: [
                .init("stopwatch start build", "start the stopwatch named build"),
                .init("stopwatch start meeting --at 09:15", "it began at 09:15, before you remembered"),
                .init("stopwatch start review --switch", "pause what else runs, and start review"),
            ]
        )
    }
}
