/// What a background process watches for, as the mark it holds while it runs names it
/// (`WaiterMarks`): one run's hook, or this machine's away time.
public enum WaiterMark: Sendable, Hashable {
    /// The waiter of a run's hook (`timer --notify`, `--exec`, a cycle's `--exec`).
    case hook(StopwatchName)
    /// The away watcher, one a machine: it books a locked screen's and an idle stretch's time on
    /// the runs that count through it.
    case away

    /// A name for the mark no run can have: the run's own, or `.away` (a name never begins with
    /// a dot).
    public var key: String {
        switch self {
        case .hook(let name): name.rawValue
        case .away: ".away"
        }
    }
}
