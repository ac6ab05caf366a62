import Glibc
import StopwatchCore

/// Runs `stopwatch run`: times a command on the boot clock and, if a stopwatch is named, records
/// the run in it as a lap of the command's own time.
///
/// The stopwatch is started (if initial) before the command, and its lap recorded after, each with
/// the usual locking; the time printed and recorded is the command's own, read just before it was
/// spawned and just after it was reaped (so never less than it ran), so idle time between runs,
/// and other runs overlapping this one in the same stopwatch, are not charged to it. The command is looked up, and the output file
/// opened, before anything changes, so a command not found leaves the stopwatch alone.
struct RunSession {
    let request: RunCommand
    let container: DependencyContainer

    func run() throws -> ExitCode {
        let arguments = request.arguments
        let executable = try ChildProcess.resolve(arguments[0], path: getenv("PATH").map { String(cString: $0) })
        // `-o -` is standard output, as for most tools that take a file.
        let outputFile = try request.outputFile.flatMap { $0 == "-" ? nil : try Self.openOutput($0) }
        defer { if let outputFile { close(outputFile.descriptor) } }
        let report: any TextOutput =
            outputFile ?? (request.outputFile == "-" ? container.presentation.output : container.presentation.messages)
        let viewModel = request.name.map { ViewModelFactory(container: container).makeStopwatchViewModel($0) }
        try viewModel?.handle(.startUnlessRunning)

        // Read before the spawn, since the child may run (and even end) before `posix_spawn`
        // returns, and after it was reaped: the interval holds the whole command, never less.
        let timeSource = container.services.timeSource
        let begun = timeSource.now()
        let termination = try ChildProcess.run(executable, arguments: arguments)
        let ended = timeSource.now()

        let commandLine = Self.commandLine(arguments)
        let elapsed = ended.interval(since: begun).duration
        var recorded: StopwatchViewState?
        do {
            try viewModel?.handle(.recordRun(label: request.label ?? Self.label(from: commandLine), duration: elapsed))
            recorded = viewModel?.viewState
        } catch {
            container.presentation.messages.writeMessage(
                MessageMapper.line(for: .runNotRecorded(reason: container.presentation.errors.message(for: error))))
        }
        let signal: Int32? = if case .signaled(let signal) = termination { signal } else { nil }
        TimedRunView(format: request.format, output: report).render(
            TimedRunViewState(
                commandLine: commandLine,
                arguments: arguments,
                elapsed: container.presentation.mapper.durations.viewState(elapsed),
                status: termination.shellStatus,
                signal: signal,
                stopwatch: recorded
            )
        )
        return ExitCode(rawValue: termination.shellStatus)
    }

    /// `-o FILE`: created or emptied, as GNU time's `-o` does.
    private static func openOutput(_ path: String) throws -> FileDescriptorOutput {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw OutputFileFailure(path: path, errno: errno) }
        return FileDescriptorOutput(descriptor: descriptor)
    }

    /// The arguments as one line a shell reads back (`ShellWords`).
    static func commandLine(_ arguments: [String]) -> String {
        ShellWords.line(arguments)
    }

    /// The default lap label: the command line (which has no control characters), cut to the
    /// label limit.
    static func label(from commandLine: String) -> String {
        let limit = Lap.maximumLabelLength
        return commandLine.count <= limit ? commandLine : String(commandLine.prefix(limit - 1)) + "…"
    }
}
