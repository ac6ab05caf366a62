import Glibc
import StopwatchCore

/// `--exec`'s sink: the command a hook holds, run for each event through `/bin/sh -c`, detached as
/// `--notify`'s helpers are (a session of its own, none of the caller's descriptors, standard
/// streams on `/dev/null` unless they are a terminal), with the event's facts in its environment.
struct ExpiryCommand: HookEventSink {
    /// Starts the hook's command, if it has one, for `event`; false if it could not be started.
    func deliver(_ event: HookEvent, for hook: ExpiryHook) -> Bool {
        guard let command = hook.command else { return true }
        return ChildProcess.startDetached(
            "/bin/sh", arguments: ["sh", "-c", command], inheriting: [STDOUT_FILENO, STDERR_FILENO],
            environment: Self.environment(for: event)
        )
    }

    /// The environment `event` gives the command: a countdown's name and duration; a cycle's edge,
    /// the phase that ended and the one that begins (as `cycle --help` and the README list them),
    /// and how many edges before it were skipped.
    static func environment(for event: HookEvent) -> [String: String] {
        switch event {
        case .zero(let name, let duration):
            let shown = DurationTextMapper().viewState(duration)
            return [
                "STOPWATCH_NAME": name.rawValue, "STOPWATCH_DURATION": shown.clock,
                "STOPWATCH_DURATION_MS": String(shown.milliseconds),
            ]
        case .edge(let name, let edge, let skipped):
            var environment = [
                "STOPWATCH_NAME": name.rawValue,
                "STOPWATCH_PHASE_ENDED": edge.ended.label,
                "STOPWATCH_PHASE_ENDED_NUMBER": String(edge.index + 1),
                "STOPWATCH_PHASE": edge.begun?.label ?? "",
                "STOPWATCH_PHASE_NUMBER": edge.begun == nil ? "" : String(edge.index + 2),
                "STOPWATCH_PHASE_COUNT": edge.count.map(String.init) ?? "",
                "STOPWATCH_EDGE": edge.isWarning ? "warning" : edge.begun == nil ? "end" : "phase",
            ]
            if skipped > 0 { environment["STOPWATCH_EDGES_SKIPPED"] = String(skipped) }
            return environment
        }
    }
}
