import Glibc
import StopwatchCore

/// `--exec`: the command a countdown runs at zero, through `/bin/sh -c`, detached as `--notify`'s
/// helpers are (a session of its own, none of the caller's descriptors, standard streams on
/// `/dev/null` unless they are a terminal), with the countdown in its environment.
struct ExpiryCommand {
    let command: String

    /// Starts the command for the countdown `viewState` shows; false if it could not be started.
    func run(for viewState: StopwatchViewState) -> Bool {
        var environment = ["STOPWATCH_NAME": viewState.name]
        if let countdown = viewState.countdown {
            environment["STOPWATCH_DURATION"] = countdown.duration.clock
            environment["STOPWATCH_DURATION_MS"] = String(countdown.duration.milliseconds)
        }
        return start(environment)
    }

    /// Starts the command for a cycle's `edge`, with the phase that ended and the one that begins
    /// in its environment (as `cycle --help` and the README list them); `skipped` edges passed
    /// before it that no command was run for.
    func run(for edge: PhaseEdge, of name: String, skipped: Int = 0) -> Bool {
        var environment = [
            "STOPWATCH_NAME": name,
            "STOPWATCH_PHASE_ENDED": edge.ended.label,
            "STOPWATCH_PHASE_ENDED_NUMBER": String(edge.index + 1),
            "STOPWATCH_PHASE": edge.begun?.label ?? "",
            "STOPWATCH_PHASE_NUMBER": edge.begun == nil ? "" : String(edge.index + 2),
            "STOPWATCH_PHASE_COUNT": edge.count.map(String.init) ?? "",
            "STOPWATCH_EDGE": edge.isWarning ? "warning" : edge.begun == nil ? "end" : "phase",
        ]
        if skipped > 0 { environment["STOPWATCH_EDGES_SKIPPED"] = String(skipped) }
        return start(environment)
    }

    private func start(_ environment: [String: String]) -> Bool {
        ChildProcess.startDetached("/bin/sh", arguments: ["sh", "-c", command], inheriting: [STDOUT_FILENO, STDERR_FILENO], environment: environment)
    }
}
