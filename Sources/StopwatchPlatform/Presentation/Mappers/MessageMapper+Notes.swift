import Glibc
import StopwatchCore

extension MessageMapper {
    /// What a command says on standard error besides an error: a fact about what it is doing.
    public enum Note: Sendable, Hashable {
        /// `wait` on a paused countdown.
        case waitingWhilePaused(StopwatchName, StopwatchViewState)
        /// `wait` on a countdown that is reset, or was never started.
        case waitingWhileReset(StopwatchName, StopwatchViewState)
        /// A countdown's live view quit before zero: the countdown goes on.
        case countdownGoesOn(StopwatchName, StopwatchViewState)
        /// `watch NAME` for a name never created, close to one that exists.
        case newName(StopwatchName, closest: StopwatchName)
        /// `start`, `restart`, `timer` or `toggle` created `NAME`, close to one that exists.
        case createdNew(StopwatchName, closest: StopwatchName)
        /// A line of a script's input to the live view that is no command.
        case unknownLiveCommand(String)
        /// `timer --notify`/`--exec` could not start the background waiter of `hook`.
        case backgroundWaitFailed(StopwatchName, ExpiryHook)
        /// The away watcher could not write a stretch's booking on `names` (`reason`, as the error
        /// renderer says it): it tries again every `retry`.
        case awayNotWritten([StopwatchName], AwayCause, length: Duration, reason: String, retry: Duration)
        /// `--notify` found neither a notification server nor a terminal.
        case notificationUnsent(String)
        /// `timer --notify` set where neither a notification server nor a terminal answers now.
        case notificationUnavailable(StopwatchName)
        /// `delete --expired`: the countdowns it deleted, none when nothing had expired.
        case deletedExpired([String])
        /// `dismiss` with no name, when no countdown has expired.
        case nothingToDismiss
        /// `toggle --shown` when no stopwatch is running or paused, so no bar shows one.
        case nothingShown
        /// `laps` of a stopwatch without laps, in place of an empty table.
        case noLaps(String)
        /// `history` or `report` with no run to show, in place of an empty table; `kept` runs are
        /// kept, of other names, tags or days than those asked for.
        case noRuns(kept: Int = 0)
        /// `history` or `report` found lines of a history file it could not read (torn by a power
        /// cut, or changed by hand), passed over: those of one file, by number.
        case damagedHistory(file: String, lines: [Int])
        /// `import`: how many runs it added, and passed over (already there, overlapping a run of
        /// their name, still open).
        case imported(added: Int, alreadyThere: Int, overlapping: Int, open: Int)
        /// `list`, or bare `stopwatch`, with no row to show: `omitted` are left out by the filter.
        case nothingListed(StopwatchListFilter, omitted: Int)
        /// `run` ran its command but could not record it; `reason` is the error's line.
        case runNotRecorded(reason: String)
        /// `--exec`'s command could not be started at zero.
        case execFailed(StopwatchName)
        /// `wait` cannot set its timer on the boot clock.
        case bootTimerUnavailable(errno: Int32)
        /// `stamp` failed to read or write a stream.
        case streamFailed(StreamDirection, errno: Int32)
        /// A command acted on a run whose away time waits for its decision (`--away ask`).
        case awayUndecided(StopwatchViewState)
    }

    public enum StreamDirection: Sendable, Hashable {
        case readingInput
        case writingOutput
    }

    /// The note's line, without the `stopwatch: ` prefix (and written without it where the note
    /// stands for a command's empty result: `noLaps`, `noStopwatches`).
    public static func line(for note: Note) -> String {
        switch note {
        case .waitingWhilePaused(let name, let state):
            "'\(name)' is paused\(left(state)); waiting until it is resumed and runs out"
        case .waitingWhileReset(let name, let state):
            "'\(name)' is reset\(left(state)); waiting until it is started and runs out"
        case .countdownGoesOn(let name, let state):
            "'\(name)' \(state.status == .paused ? "stays paused" : "keeps running")\(left(state)); \(CommandLineForm(command: .delete, positionals: [name.rawValue]).text.quotedForMessage) cancels it"
        case .newName(let name, let closest):
            "watching '\(name)' (new; did you mean '\(closest)'?)"
        case .createdNew(let name, let closest):
            "'\(name)' is new (did you mean '\(closest)'?)"
        case .awayUndecided(let state):
            "'\(state.name)' was away \(state.away.time.clock) \(state.away.explanation): "
                + awayNotification(state).body
        case .unknownLiveCommand(let line):
            "unknown command \(line.quotedForMessage) (use start, pause, resume, toggle, lap [LABEL], reset or quit)"
        case .notificationUnsent(let name):
            "'\(name)' expired, but no notification could be sent: no desktop notification server answered on the session bus and standard output is not a terminal"
        case .noLaps(let name):
            "\(name): no laps"
        case .noRuns(kept: 0):
            "no runs: a run is kept once it ends (reset, restart, a new countdown, delete)"
        case .noRuns(let kept):
            "no runs of those asked for; history keeps \(runs(kept)), of other names, tags or days"
        case .damagedHistory(let file, let lines):
            "\(file): \(numbered(lines)) could not be read and \(lines.count == 1 ? "was" : "were") passed over (damaged, or changed by hand)"
        case .imported(let added, let alreadyThere, let overlapping, let open):
            "imported \(runs(added))"
                + [
                    alreadyThere > 0 ? "\(runs(alreadyThere)) already in history" : nil,
                    overlapping > 0
                        ? "\(runs(overlapping)) overlapping a run of \(overlapping == 1 ? "its" : "their") name" : nil,
                    open > 0 ? "\(open == 1 ? "1 interval" : "\(open) intervals") still open" : nil,
                ].compactMap { $0 }.map { "; passed over \($0)" }.joined()
        case .deletedExpired(let names) where names.isEmpty:
            "no countdown has expired; nothing deleted"
        case .deletedExpired(let names):
            "deleted \(names.count == 1 ? "1 expired countdown" : "\(names.count) expired countdowns"): \(names.joined(separator: ", "))"
        case .nothingToDismiss:
            "no countdown has expired; nothing to dismiss"
        case .nothingShown:
            "none is running or paused, so no bar shows one to toggle; give toggle a name to start one"
        case .nothingListed(let filter, let omitted):
            switch (filter, omitted) {
            case (.countdowns, _):
                "no countdowns; \(CommandLineForm(command: .timer, positionals: ["25m"]).text.quotedForMessage) starts one"
            case (_, 0): "no stopwatches yet; \(CommandLineForm(command: .start).text.quotedForMessage) starts one"
            case (_, 1):
                "none is running or paused; \(CommandLineForm(command: .list).text.quotedForMessage) shows the one there is"
            default:
                "none is running or paused; \(CommandLineForm(command: .list).text.quotedForMessage) shows the \(omitted) there are"
            }
        case .execFailed(let name):
            "'\(name)' expired, but its --exec command could not be started (/bin/sh)"
        case .bootTimerUnavailable(let code):
            "cannot set a timer on the boot clock: \(String(cString: strerror(code)))"
        case .runNotRecorded(let reason):
            "the run was not recorded: \(reason)"
        case .streamFailed(let direction, let code):
            "cannot \(direction == .readingInput ? "read standard input" : "write standard output"): \(String(cString: strerror(code)))"
        case .awayNotWritten(let names, let cause, let length, let reason, let retry):
            "the away time of \(names.map { "'\($0)'" }.joined(separator: ", ")) "
                + "(\(cause.rawValue), \(DurationTextMapper().viewState(length).clock)) could not be written: \(reason); "
                + "the away watcher tries again every \(retry.components.seconds) s"
        case .backgroundWaitFailed(let name, let hook):
            "cannot start the background waiter for '\(name)'; \(waitRunning(hook, for: name).text.quotedForMessage) does the same"
        case .notificationUnavailable(let name):
            "'\(name)' cannot send a desktop notification: no notification server answers on the session bus (DBUS_SESSION_BUS_ADDRESS); only a terminal still open then is told (its bell), and --exec COMMAND runs a command instead"
        }
    }

    /// `run`'s line for a person: `make -j4 took 01:02.34`, with `(exit status 2)` or `(killed by
    /// signal 15)` after a failure.
    static func timedRun(_ state: TimedRunViewState) -> String {
        let outcome =
            if let signal = state.signal { " (killed by signal \(signal))" } else if state.status != 0 {
                " (exit status \(state.status))"
            } else { "" }
        return "\(state.commandLine) took \(state.elapsed.clock)\(outcome)"
    }

    /// `stopwatch wait NAME --notify --exec COMMAND`: a wait that does what `hook` asks.
    private static func waitRunning(_ hook: ExpiryHook, for name: StopwatchName) -> CommandLineForm {
        var options: [CommandLineForm.Option] = hook.notify ? [.init(.notify)] : []
        if let command = hook.command { options.append(.init(.exec, command)) }
        return CommandLineForm(command: .wait, positionals: [name.rawValue], options: options)
    }

    /// `1 run`, `3 runs`.
    private static func runs(_ count: Int) -> String {
        count == 1 ? "1 run" : "\(count) runs"
    }

    /// `line 3`, `lines 3 and 7`, `lines 3, 7 and 9`, `lines 3, 7, 9, 12, 15 and 4 more`.
    private static func numbered(_ lines: [Int]) -> String {
        guard lines.count > 1 else { return "line \(lines.first ?? 0)" }
        let shown = lines.prefix(lines.count > 6 ? 5 : lines.count - 1).map(String.init).joined(separator: ", ")
        return "lines \(shown) and " + (lines.count > 6 ? "\(lines.count - 5) more" : String(lines[lines.count - 1]))
    }

    /// The notes for the lines of history `damaged`: one a file.
    static func damagedHistory(_ damaged: [DamagedLine]) -> [Note] {
        var files: [String] = []
        var lines: [String: [Int]] = [:]
        for line in damaged {
            if lines[line.file] == nil { files.append(line.file) }
            lines[line.file, default: []].append(line.line)
        }
        return files.map { .damagedHistory(file: $0, lines: lines[$0] ?? []) }
    }

    /// ` (04:59.12 left)`: a countdown's time left, as every surface writes it.
    private static func left(_ state: StopwatchViewState) -> String {
        state.countdown == nil ? "" : " (\(StopwatchLineComposer.time(state)))"
    }
}
