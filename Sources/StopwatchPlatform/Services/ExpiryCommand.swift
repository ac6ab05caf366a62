import Glibc

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
        return ChildProcess.startDetached(
            "/bin/sh", arguments: ["sh", "-c", command], inheriting: [STDOUT_FILENO, STDERR_FILENO], environment: environment
        )
    }
}
