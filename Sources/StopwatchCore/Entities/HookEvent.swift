/// What a run's hook (`--notify`, `--exec`) is run for, as facts: a countdown's zero, or a
/// cycle's edge. The sinks (`HookEventSink`) word and format them; none reads a view.
public enum HookEvent: Sendable, Hashable {
    /// The countdown `name`, of `duration`, reached zero.
    case zero(name: StopwatchName, duration: Duration)
    /// The cycle `name` passed `edge` (or its warning); `skipped`: edges passed before it, while
    /// nothing ran, that no hook is run for (`FireHookEventsUseCase.edgesAtOnce`).
    case edge(name: StopwatchName, PhaseEdge, skipped: Int = 0)

    /// True for a countdown's zero: what `watch --notify` announces.
    public var isZero: Bool {
        if case .zero = self { true } else { false }
    }

    /// The stopwatch it is of.
    public var name: StopwatchName {
        switch self {
        case .zero(let name, _), .edge(let name, _, _): name
        }
    }
}
