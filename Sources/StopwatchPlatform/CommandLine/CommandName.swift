/// The tool's commands as typed.
public enum CommandName: String, Sendable, CaseIterable {
    case start, pause, resume, lap, reset, status, laps, list, delete, watch, timer, wait, run, stamp, help
}
