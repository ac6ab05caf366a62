import Glibc
import StopwatchCore

/// Runs one command line: parses it, builds the dependency container, wires a view to a view
/// model, sends the command's action, and turns the outcome into an exit status.
///
/// Help, the version, completion scripts, the manual and usage errors are answered before the
/// container is built, so they never change the state directory; only a word typed where a command belongs is looked up among the
/// stored names, to suggest `stopwatch status WORD`.
public struct CommandRunner: Sendable {
    private let output: any TextOutput
    private let messages: any TextOutput
    private let makeContainer: @Sendable () throws -> DependencyContainer

    public init(
        output: any TextOutput,
        messages: any TextOutput,
        makeContainer: @escaping @Sendable () throws -> DependencyContainer
    ) {
        self.output = output
        self.messages = messages
        self.makeContainer = makeContainer
    }

    /// The tool as installed: standard streams, the process environment, the real adapters.
    ///
    /// The variables the container reads are looked up one by one with `getenv`: copying the
    /// whole environment into a dictionary cost more at start-up than the command itself.
    public static func live() -> CommandRunner {
        CommandRunner(
            output: FileDescriptorOutput.standardOutput,
            messages: FileDescriptorOutput.standardError,
            makeContainer: { try DependencyContainer.live { name in getenv(name).map { String(cString: $0) } } }
        )
    }

    public func run(_ arguments: [String]) -> ExitCode {
        let invocation: Invocation
        do {
            invocation = try CommandLineParser.parse(arguments)
        } catch {
            messages.writeMessage(usageMessage(error))
            return error.command == .run ? .runFailed : .usage
        }
        switch invocation {
        case .help(let topic):
            output.write(CommandHelp.text(for: topic))
            return .success
        case .completions(let shell):
            output.write(CompletionScript.text(for: shell))
            return .success
        case .manual:
            output.write(ManualPage.text)
            return .success
        case .version:
            output.write("stopwatch \(CommandCatalog.version)\n")
            return .success
        case .run(let command):
            let container: DependencyContainer
            do {
                container = try makeContainer()
            } catch {
                return fail(command, error, MessageMapper(mapper: StopwatchUIMapper(zone: SystemTimeZone())), arguments)
            }
            do {
                return try execute(command, in: container, typed: arguments)
            } catch {
                return fail(command, error, container.presentation.errors, arguments)
            }
        }
    }

    /// After `timer --notify`/`--exec`: the background waiter that runs the countdown's stored
    /// hook at zero (whoever else watches it), and a note when `--notify` has no way to notify.
    private func armHook(_ hook: ExpiryHook?, of name: StopwatchName, in container: DependencyContainer) {
        guard let hook else { return }
        if hook.notify, !container.expiryNotifier.canNotify {
            messages.writeMessage(MessageMapper.line(for: .notificationUnavailable(name)))
        }
        if !WaitSession.startHookWaiter(for: name) { messages.writeMessage(MessageMapper.line(for: .backgroundWaitFailed(name, hook))) }
    }

    /// Reports `error` (each of a listing's failures) and returns the status `command` ends with.
    private func fail(_ command: Command, _ error: any Error, _ mapper: MessageMapper, _ arguments: [String]) -> ExitCode {
        for error in (error as? StopwatchListFailures)?.errors ?? [error] {
            messages.writeMessage(Self.describe(error, typed: arguments, with: mapper))
        }
        return ExitCode(for: error, in: command)
    }

    /// The line for `error` met by the command typed as `arguments`: suggestions made from what
    /// was typed, and names offered of the kind the command takes (its declared NAME).
    static func describe(_ error: any Error, typed arguments: [String], with mapper: MessageMapper) -> String {
        let form = CommandLineParser.form(of: arguments)
        let countdownsOnly = form.map { CommandCatalog.spec($0.command).arguments.contains { if case .countdownName = $0.kind { true } else { false } } } ?? false
        return mapper.message(for: error, typed: form, countdownsOnly: countdownsOnly)
    }

    /// A word where a command belongs that names a stopwatch gets `stopwatch status WORD` suggested.
    private func usageMessage(_ error: UsageError) -> String {
        guard let word = error.unknownCommand, let name = StopwatchName(word),
            (try? makeContainer().data.store.names().contains(name)) == true
        else { return error.description }
        return UsageError(.stopwatchWhereCommandBelongs(name)).description
    }

    /// Runs `command`; a one-shot command that returns has succeeded, `watch`, `wait` and `run`
    /// return how they ended.
    private func execute(_ command: Command, in container: DependencyContainer, typed arguments: [String]) throws -> ExitCode {
        let viewModels = ViewModelFactory(container: container)
        let (output, messages) = (container.presentation.output, container.presentation.messages)

        let colors = !container.presentation.terminal.noColor
        let errors = container.presentation.errors
        /// Reports an error on standard error, with a suggestion made from what was typed.
        let report: (any Error) -> Void = { messages.writeMessage(Self.describe($0, typed: arguments, with: errors)) }
        /// Performs `action`, shown in `format`; returns the view model, for what the exit status
        /// depends on.
        @discardableResult
        func perform(_ action: StopwatchAction, on name: StopwatchName, showing format: StatusView.Format?) throws -> StopwatchViewModel {
            let viewModel = viewModels.makeStopwatchViewModel(name)
            let view = format.map { StatusView(viewModel: viewModel, format: $0, output: output, colors: colors) }
            // A command that may create says so when the name it creates is close to one there is.
            let closest = action.mayCreate ? FindCloseNameUseCase(store: container.data.store).execute(name) : nil
            try withExtendedLifetime(view) { try viewModel.handle(action) }
            if let closest { messages.writeMessage(MessageMapper.line(for: .createdNew(name, closest: closest))) }
            return viewModel
        }
        @discardableResult
        func perform(_ action: StopwatchListAction, showing format: StopwatchListView.Format?) throws -> StopwatchListViewModel {
            let viewModel = viewModels.makeStopwatchListViewModel()
            let view = format.map {
                StopwatchListView(
                    viewModel: viewModel, format: $0, output: output, messages: messages, width: container.presentation.terminal.outputWidth,
                    colors: colors
                )
            }
            try withExtendedLifetime(view) { try viewModel.handle(action) }
            return viewModel
        }

        switch command {
        case .start(let name, let json): try perform(.start, on: name, showing: json ? .json : .line)
        case .restart(let name, let json): try perform(.restart, on: name, showing: json ? .json : .line)
        case .pause(let name, let json): try perform(.pause, on: name, showing: json ? .json : .line)
        case .resume(let name, let json): try perform(.resume, on: name, showing: json ? .json : .line)
        case .toggle(let name, let json): try perform(.toggle, on: name, showing: json ? .json : .line)
        case .toggleShown(let json):
            // What `list --format` shows: the most pressing one, by the list view's one rule.
            let active = try perform(.loadActive, showing: nil).viewState?.stopwatches ?? []
            guard let shown = StopwatchListView.pressing(active)?.shown, let name = StopwatchName(shown.name) else {
                messages.writeMessage(MessageMapper.line(for: .nothingShown))
                return .notApplicable
            }
            try perform(shown.status == .expired ? .dismiss : .toggle, on: name, showing: json ? .json : .line)
        case .reset(let name, let json): try perform(.reset, on: name, showing: json ? .json : .line)
        case .dismiss(let name, let json): try perform(.dismiss, on: name, showing: json ? .json : .line)
        case .dismissAll(let json): try perform(.dismissExpired, showing: json ? .json : .lines)
        case .lap(let name, let label, let json): try perform(.lap(label: label), on: name, showing: json ? .jsonWithLap : .lap)
        case .status(let name, let format, follow: true):
            return try FollowSession(name: name, format: format, container: container, report: report).run()
        case .list(.pressing(let single), _, follow: true):
            return try FollowSession(name: nil, format: single, container: container, report: report).run()
        case .status(let name, let format, _):
            let shown = try perform(.load, on: name, showing: format).viewState
            // i3blocks shows a block as urgent while its command exits 33.
            if case .bar(let bar) = format, bar.isUrgent(shown) { return .urgent }
        case .overview: try perform(.loadActive, showing: .table)
        case .list(.quiet, let countdownsOnly, _):
            let found = try perform(.loadFirstActive(countdownsOnly: countdownsOnly), showing: nil).viewState?.stopwatches ?? []
            return found.isEmpty ? .notApplicable : .success
        case .list(.pressing(let single), _, _):
            let listed = try perform(.loadActive, showing: .pressing(single)).viewState
            let shown = StopwatchListView.pressing(listed?.stopwatches ?? [])?.shown
            if case .bar(let bar) = single, bar.isUrgent(shown) { return .urgent }
        case .list(let format, let countdownsOnly, _):
            try perform(countdownsOnly ? .loadCountdowns : format == .names ? .loadNames : .load, showing: format)
        case .delete(.names(let names)): try perform(.delete(names), showing: nil)
        case .delete(.expired): try perform(.deleteExpired, showing: .deleted)
        case .delete(.files(let names)): try perform(.deleteFiles(names), showing: nil)
        case .laps(let name, let format):
            let viewModel = viewModels.makeLapsViewModel(name)
            // Bars only for a person at a terminal that draws them (not TERM=dumb); a pipe gets
            // the table a script can read.
            let terminal = container.presentation.terminal
            let shown: LapsView.Format = format == .table && terminal.outputIsTerminal && terminal.movesCursor ? .tableWithBars : format
            let view = LapsView(viewModel: viewModel, format: shown, output: output, messages: messages, width: terminal.outputWidth)
            try withExtendedLifetime(view) { try viewModel.load() }
        case .watch(let name, let notify):
            return WatchSession(name: name, container: container, notify: notify).run()
        case .watchAll(let notify):
            return WatchAllSession(container: container, notify: notify).run()
        case .timer(let name, let length, let replacing, let watch, let json, let notify, let exec):
            let line: StatusView.Format = if case .until = length { .lineUntil } else { .line }
            let hook = ExpiryHook(notify: notify, exec: exec)
            try perform(.startCountdown(length, replacing: replacing, hook: hook), on: name, showing: watch ? nil : json ? .json : line)
            armHook(hook, of: name, in: container)
            if watch { return WatchSession(name: name, container: container).run() }
        case .addTime(let name, let change, let watch, let json, let notify, let exec):
            let hook = ExpiryHook(notify: notify, exec: exec)
            try perform(.addTime(change, hook: hook), on: name, showing: watch ? nil : json ? .json : .line)
            armHook(hook, of: name, in: container)
            if watch { return WatchSession(name: name, container: container).run() }
        case .wait(let name, let notify, let exec):
            return WaitSession(name: name, container: container, notify: notify, exec: exec) {
                Self.describe($0, typed: arguments, with: errors)
            }.run()
        case .waitForHook(let name):
            return WaitSession(name: name, container: container, purpose: .hook).run()
        case .run(let request):
            return try RunSession(request: request, container: container).run()
        case .stamp(let since, let format, let summary):
            return StampSession(
                since: since,
                prefix: StampPrefix(format: format, durations: container.presentation.mapper.durations, timeZone: container.services.timeZone),
                summary: summary,
                timeSource: container.services.timeSource,
                messages: messages
            ).run()
        }
        return .success
    }
}
