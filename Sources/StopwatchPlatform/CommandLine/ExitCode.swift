import Glibc
import StopwatchCore

/// The tool's exit statuses, in the style of sysexits.h; `run` also passes on its command's.
public struct ExitCode: RawRepresentable, Sendable, Hashable {
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let success = ExitCode(rawValue: 0)
    /// The command does not apply to the stopwatch's current status, a countdown to create already
    /// exists, a countdown waited on was deleted, a countdown's live view quit before it expired,
    /// or `list --quiet` found nothing running, paused or expired.
    public static let notApplicable = ExitCode(rawValue: 1)
    /// `status --format i3blocks` of an expired countdown: i3blocks shows the block as urgent.
    public static let urgent = ExitCode(rawValue: 33)
    public static let usage = ExitCode(rawValue: 64)
    /// A state file cannot be read or parsed.
    public static let dataError = ExitCode(rawValue: 65)
    /// No such stopwatch.
    public static let noInput = ExitCode(rawValue: 66)
    /// A bug: an error this tool did not expect.
    public static let software = ExitCode(rawValue: 70)
    /// The state directory or a file in it cannot be created, or is unsafe to use.
    public static let cannotCreate = ExitCode(rawValue: 73)
    public static let ioError = ExitCode(rawValue: 74)
    /// `run`: stopwatch itself failed (a usage error, a refused or unreadable stopwatch), as
    /// `timeout`, `env` and `nice` report their own failures, apart from any status of the command.
    public static let runFailed = ExitCode(rawValue: 125)
    /// `run`: the command exists but cannot be executed, as the shell says it.
    public static let cannotExecute = ExitCode(rawValue: 126)
    /// `run`: no such command, as the shell says it.
    public static let commandNotFound = ExitCode(rawValue: 127)
    /// `watch`, `wait` or `--follow` ended by SIGHUP (128 + 1).
    public static let hangUp = ExitCode(rawValue: 129)
    /// `watch`, `wait` or `--follow` ended by Ctrl-C, SIGINT (128 + 2).
    public static let interrupted = ExitCode(rawValue: 130)
    /// `watch`, `wait` or `--follow` ended by SIGTERM (128 + 15).
    public static let terminated = ExitCode(rawValue: 143)

    /// Every status above: what help and the manual must document, and nothing more.
    public static let documented: [ExitCode] = [
        .success, .notApplicable, .urgent, .usage, .dataError, .noInput, .software, .cannotCreate, .ioError, .runFailed,
        .cannotExecute, .commandNotFound, .hangUp, .interrupted, .terminated,
    ]

    /// The status of a session ended by SIGHUP, SIGINT or SIGTERM.
    init(endingBy signal: Int32) {
        switch signal {
        case SIGHUP: self = .hangUp
        case SIGINT: self = .interrupted
        default: self = .terminated
        }
    }

    /// The status for `command` failing with `error`: as for any command, except that `run`'s own
    /// failures are all 125, so they cannot be taken for its command's status.
    public init(for error: any Error, in command: Command) {
        self = command.exitCode(for: error)
    }

    /// The signals that end a waiting or live command with 128 + N (`init(endingBy:)`): Ctrl-C,
    /// SIGTERM, SIGHUP. The one list, for `watch`, `wait` and `--follow`.
    static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The status a live view ends with: 0 when done, 1 for a countdown quit before zero, a
    /// signal's status for a signal.
    public init(for outcome: LiveEnding.Outcome) {
        switch outcome {
        case .done: self = .success
        case .countdownUnfinished: self = .notApplicable
        case .signal(let signal): self.init(endingBy: signal)
        }
    }

    /// The status for a command that failed with `error`.
    public init(for error: any Error) {
        switch error {
        case is UsageError:
            self = .usage
        case let error as StopwatchError:
            switch error {
            case .notApplicable, .deleted, .lapLimitReached, .runInProgress, .nothingToUndo, .changedSince,
                .pauseUnknown, .runsElsewhere, .noAwayStretch, .awayBeforeSplit, .nothingUndecided, .lapsNotHereYet:
                self = .notApplicable
            case .noSuchStopwatch, .noSuchStopwatchOn, .noSuchRun, .unknownName: self = .noInput
            case .invalidLabel, .unknownPhaseLabel, .backdateTooFar, .inTheFuture, .needsDate, .endBeforeStart,
                .noSuchRunID, .ambiguousRunID, .overlap, .lessThanNothing,
                .notWithin, .cannotJoin, .startPastSplit:
                self = .usage
            }
        case is ImportFailure:
            self = .dataError
        case let error as ChildProcess.LaunchError:
            switch error {
            case .notFound: self = .commandNotFound
            case .cannotRun: self = .cannotExecute
            }
        case let error as StoreFailure:
            switch error.kind {
            case .invalidData: self = .dataError
            case .cannotCreate: self = .cannotCreate
            case .ioError: self = .ioError
            case .misconfigured: self = .usage
            }
        case let error as StopwatchListFailures:
            self = error.errors.map(ExitCode.init(for:)).max { $0.rawValue < $1.rawValue } ?? .software
        default:
            self = .software
        }
    }
}
