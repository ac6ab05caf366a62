/// The ways a stopwatch command can be refused by the rules, as opposed to failing in storage.
public enum StopwatchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The command does not apply in the stopwatch's current status; nothing was changed.
    case notApplicable(StopwatchName, command: String, reason: String)
    /// The stopwatch was never created (or was deleted).
    case noSuchStopwatch(StopwatchName)
    /// A countdown was to be created under a name already in use, without leave to replace it.
    case alreadyExists(StopwatchName)
    /// The stopwatch disappeared while a command was following it (`wait`).
    case deleted(StopwatchName)
    /// A lap label that breaks the rule of `Lap.problem(withLabel:)`.
    case invalidLabel(String, reason: String)

    public var description: String {
        switch self {
        case .notApplicable(let name, let command, let reason):
            "cannot \(command) '\(name)': \(reason)"
        case .noSuchStopwatch(let name):
            "no stopwatch named '\(name)'"
        case .alreadyExists(let name):
            "'\(name)' already exists; use --force to replace it"
        case .deleted(let name):
            "'\(name)' was deleted"
        case .invalidLabel(let label, let reason):
            "invalid label \(label.quotedForMessage): it \(reason)"
        }
    }
}
