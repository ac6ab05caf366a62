import FoundationEssentials
import StopwatchCore

/// Runs one command line: parses it, builds the dependency container, wires a view to a view
/// model, sends the command's action, and turns the outcome into an exit status.
///
/// Help, version and usage errors are answered before the container is built, so they never touch
/// the state directory.
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
    public static func live() -> CommandRunner {
        let environment = ProcessInfo.processInfo.environment
        return CommandRunner(
            output: FileDescriptorOutput.standardOutput,
            messages: FileDescriptorOutput.standardError,
            makeContainer: { try DependencyContainer.live(environment: environment) }
        )
    }

    public func run(_ arguments: [String]) -> ExitCode {
        do {
            switch try CommandLineParser.parse(arguments) {
            case .help(let topic):
                output.write(CommandHelp.text(for: topic))
            case .version:
                output.write("stopwatch \(CommandHelp.version)\n")
            case .run(let command):
                return try execute(command, in: makeContainer())
            }
            return .success
        } catch let error as StopwatchListFailures {
            for failure in error.errors { report(failure) }
            return ExitCode(for: error)
        } catch {
            report(error)
            return ExitCode(for: error)
        }
    }

    /// Runs `command`; a one-shot command that returns has succeeded, `watch`, `wait` and `run`
    /// return how they ended.
    private func execute(_ command: Command, in container: DependencyContainer) throws -> ExitCode {
        let viewModels = ViewModelFactory(container: container)
        let (output, messages) = (container.presentation.output, container.presentation.messages)

        func perform(_ action: StopwatchAction, on name: StopwatchName, showing format: StatusView.Format?) throws {
            let viewModel = viewModels.makeStopwatchViewModel(name)
            let view = format.map { StatusView(viewModel: viewModel, format: $0, output: output) }
            try withExtendedLifetime(view) { try viewModel.handle(action) }
        }

        switch command {
        case .start(let name): try perform(.start, on: name, showing: .line)
        case .pause(let name): try perform(.pause, on: name, showing: .line)
        case .resume(let name): try perform(.resume, on: name, showing: .line)
        case .reset(let name): try perform(.reset, on: name, showing: .line)
        case .lap(let name, let label): try perform(.lap(label: label), on: name, showing: .lap)
        case .status(let name, let format): try perform(.load, on: name, showing: format)
        case .delete(let name): try perform(.delete, on: name, showing: nil)
        case .laps(let name, let format):
            let viewModel = viewModels.makeLapsViewModel(name)
            let view = LapsView(viewModel: viewModel, format: format, output: output, messages: messages)
            try withExtendedLifetime(view) { try viewModel.load() }
        case .list(let format):
            let viewModel = viewModels.makeStopwatchListViewModel()
            let view = StopwatchListView(viewModel: viewModel, format: format, output: output, messages: messages)
            try withExtendedLifetime(view) { try viewModel.load() }
        case .watch(let name):
            return WatchSession(name: name, container: container).run()
        case .timer(let name, let length, let replacing, let watch):
            try perform(.startCountdown(length, replacing: replacing), on: name, showing: watch ? nil : .line)
            if watch { return WatchSession(name: name, container: container).run() }
        case .wait(let name):
            return WaitSession(name: name, container: container).run()
        case .run(let name, let label, let format, let arguments):
            return try RunSession(name: name, label: label, format: format, arguments: arguments, container: container).run()
        case .stamp(let since, let format, let summary):
            return StampSession(
                since: since,
                prefix: StampPrefix(format: format, durations: container.presentation.mapper.durations),
                summary: summary,
                timeSource: container.services.timeSource,
                messages: messages
            ).run()
        }
        return .success
    }

    private func report(_ error: any Error) {
        messages.writeMessage("\(error)")
    }
}
