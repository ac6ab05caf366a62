import Glibc
import StopwatchCore

/// The tool's exit statuses, in the style of sysexits.h.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// The command does not apply to the stopwatch's current status, a countdown to create already
    /// exists, a countdown waited on was deleted, or a countdown's live view quit before it expired.
    case notApplicable = 1
    case usage = 64
    /// A state file cannot be read or parsed.
    case dataError = 65
    /// No such stopwatch.
    case noInput = 66
    /// A bug: an error this tool did not expect.
    case software = 70
    /// The state directory or a file in it cannot be created, or is unsafe to use.
    case cannotCreate = 73
    case ioError = 74
    /// `watch` or `wait` ended by SIGHUP (128 + 1).
    case hangUp = 129
    /// `watch` or `wait` ended by Ctrl-C, SIGINT (128 + 2).
    case interrupted = 130
    /// `watch` or `wait` ended by SIGTERM (128 + 15).
    case terminated = 143

    /// The status of a session ended by SIGHUP, SIGINT or SIGTERM.
    init(endingBy signal: Int32) {
        switch signal {
        case SIGHUP: self = .hangUp
        case SIGINT: self = .interrupted
        default: self = .terminated
        }
    }

    /// The status for a command that failed with `error`.
    public init(for error: any Error) {
        switch error {
        case is UsageError:
            self = .usage
        case let error as StopwatchError:
            switch error {
            case .notApplicable, .alreadyExists, .deleted: self = .notApplicable
            case .noSuchStopwatch: self = .noInput
            }
        case let error as StoreFailure:
            switch error.kind {
            case .invalidData: self = .dataError
            case .cannotCreate: self = .cannotCreate
            case .ioError: self = .ioError
            }
        case let error as StopwatchListFailures:
            self = error.errors.map(ExitCode.init(for:)).max { $0.rawValue < $1.rawValue } ?? .software
        default:
            self = .software
        }
    }
}
