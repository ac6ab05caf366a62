/// The tool's commands as typed, in the order help lists them.
public enum CommandName: String, Sendable, CaseIterable {
    case start, restart, pause, resume, toggle, lap, reset, dismiss, status, laps, list, delete, watch, timer, wait, run, stamp, completions, manual,
        help
}
