import StopwatchCore
import StopwatchPlatform

/// The parser's expected results, written as the command lines they stand for.
extension Command {
    static func start(_ name: StopwatchName, json: Bool) -> Command { Command(StartCommand(name: name, json: json)) }
    static func restart(_ name: StopwatchName, json: Bool) -> Command {
        Command(RestartCommand(name: name, json: json))
    }
    static func pause(_ name: StopwatchName, json: Bool) -> Command { Command(PauseCommand(name: name, json: json)) }
    static func resume(_ name: StopwatchName, json: Bool) -> Command { Command(ResumeCommand(name: name, json: json)) }
    static func reset(_ name: StopwatchName, json: Bool) -> Command { Command(ResetCommand(name: name, json: json)) }
    static func lap(_ name: StopwatchName, label: String?, json: Bool) -> Command {
        Command(LapCommand(name: name, label: label, json: json))
    }
    static func status(_ name: StopwatchName, format: StatusView.Format, follow: Bool = false) -> Command {
        Command(StatusCommand(name: name, format: format, follow: follow))
    }
    static func laps(_ name: StopwatchName, format: LapsView.Format) -> Command {
        Command(LapsCommand(name: name, format: format))
    }
    static func list(format: StopwatchListView.Format, countdownsOnly: Bool = false, follow: Bool = false) -> Command {
        Command(ListCommand(format: format, countdownsOnly: countdownsOnly, follow: follow))
    }
    static func delete(_ deletion: DeleteCommand.Deletion) -> Command { Command(DeleteCommand(deletion)) }
    static func watch(_ name: StopwatchName, notify: Bool = false) -> Command {
        Command(WatchCommand(name: name, notify: notify))
    }
    static func watchAll(notify: Bool) -> Command { Command(WatchCommand(name: nil, notify: notify)) }
    static func wait(_ name: StopwatchName, notify: Bool = false, exec: String? = nil) -> Command {
        Command(WaitCommand(name: name, notify: notify, exec: exec))
    }
    static func timer(
        _ name: StopwatchName, length: CountdownLength, replacing: Bool, watch: Bool, json: Bool, notify: Bool = false,
        exec: String? = nil
    ) -> Command {
        Command(
            TimerCommand(
                name: name, change: .create(length, replacing: replacing), watch: watch, json: json, notify: notify,
                exec: exec))
    }
    static func addTime(
        _ name: StopwatchName, change: Duration, watch: Bool, json: Bool, notify: Bool = false, exec: String? = nil
    ) -> Command {
        Command(TimerCommand(name: name, change: .add(change), watch: watch, json: json, notify: notify, exec: exec))
    }
    static func run(_ command: RunCommand) -> Command { Command(command) }
    static func stamp(since: StampSession.Since, format: StampPrefix.Format, summary: Bool) -> Command {
        Command(StampCommand(since: since, format: format, summary: summary))
    }
    static func completions(_ shell: CompletionScript.Shell) -> Command { Command(CompletionsCommand(shell: shell)) }
    static func help(_ topic: CommandName?) -> Command { Command(HelpCommand(topic: topic)) }
    static let overview = Command(OverviewCommand())
    static let version = Command(VersionCommand())
    static let manual = Command(ManualCommand())
}

extension CommandName {
    static let lap: CommandName = "lap"
    static let laps: CommandName = "laps"
}
