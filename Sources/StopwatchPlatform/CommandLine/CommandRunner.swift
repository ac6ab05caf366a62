import Glibc
import StopwatchCore

/// Runs one command line: parses it into a command, runs it with a `CommandContext`, and turns
/// a failure into its message and exit status.
///
/// The container is made only when a command asks for it, so help, the version, completion
/// scripts, the manual and usage errors never change the state directory; only a word typed where
/// a command belongs is looked up among the stored names, to suggest `stopwatch status WORD`.
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
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            messages.writeMessage(usageMessage(error))
            return error.command.flatMap { CommandCatalog.command(named: $0.rawValue) }?.exitCode(for: error) ?? .usage
        }
        let context = CommandContext(
            arguments: arguments, output: output, messages: messages, makeContainer: makeContainer)
        do {
            return try command.run(in: context)
        } catch {
            context.report(error)
            return command.exitCode(for: error)
        }
    }

    /// A word where a command belongs that names a stopwatch gets `stopwatch status WORD` suggested;
    /// a signed duration, the command for the countdowns there are.
    private func usageMessage(_ error: UsageError) -> String {
        if case .signedDuration(var slip) = error.reason {
            slip.countdowns = (try? makeContainer().data.store.loadAll())?.names { $0.offers(.wait) }
            return UsageError(.signedDuration(slip), command: error.command).description
        }
        guard let word = error.unknownCommand, let name = StopwatchName(word),
            (try? makeContainer().data.store.names().contains(name)) == true
        else { return error.description }
        return UsageError(.stopwatchWhereCommandBelongs(name)).description
    }
}
