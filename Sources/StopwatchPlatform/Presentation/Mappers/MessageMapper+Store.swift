import Glibc
import StopwatchCore

extension MessageMapper {
    /// `PATH: REASON`; the path may come from the environment, so its control characters are escaped.
    static func line(for failure: StoreFailure) -> String {
        if failure.reason == .relativeStateDirectory {
            return
                "STOPWATCH_HOME must be an absolute path, got \(failure.path.quotedForMessage); for one under this directory: export STOPWATCH_HOME=\"$PWD\"/\(ShellWords.quoted(failure.path))"
        }
        return "\(failure.path.escapingControlCharacters): \(phrase(for: failure.reason))"
    }

    /// What is wrong with a path, after the path: `is not valid JSON`.
    static func phrase(for reason: StoreFailure.Reason) -> String {
        switch reason {
        case .homeUnset: "is not set; set STOPWATCH_HOME to choose a state directory"
        case .relativeStateDirectory: "is a relative path; STOPWATCH_HOME must be an absolute one"
        case .disappeared: "disappeared while being created"
        case .directoryIsSymbolicLink: "is a symbolic link; refusing to use it as the state directory"
        case .notADirectory: "is not a directory"
        case .ownedByAnother(let owner, let you):
            "is owned by user \(owner), not by you (user \(you)); refusing to use it"
        case .notARegularFile: "is not a regular file"
        case .symbolicLink: "is a symbolic link; refusing to follow it"
        case .empty: "is empty"
        case .notJSON: "is not valid JSON"
        case .badShape(let problem): phrase(for: problem)
        case .badPlan(let sentence): "is not a plan 'stopwatch cycle' takes: \(sentence)"
        case .badGoal(let line, let text):
            "line \(line), \(text.quotedForMessage), is no goal ('day 6h', 'day 8 pomodoros', 'week 30h'): correct it, or set the goals again with 'stopwatch goal' after removing the file"
        case .invalid(let problem): "is invalid: \(phrase(for: problem))"
        case .unwritable(let problem): "cannot be written: \(phrase(for: problem))"
        case .lineNotJSON(let line): "line \(line) is not valid JSON"
        case .lineBadShape(let line, let problem): "line \(line) \(phrase(for: problem))"
        case .lineInvalid(let line, let problem): "line \(line) is invalid: \(phrase(for: problem))"
        case .noWholeLine: "holds no line whose check matches it"
        case .lastLineEdited:
            "has a last line whose check does not match it (edited by hand?): the line before it is not taken in its place"
        case .endsWithoutState: "ends with a lap and no state"
        case .lapFileMissing(let laps): "is missing; its state file records \(laps) laps"
        case .lapsOutOfOrder(let laps): "does not hold laps 1 to \(laps) in order"
        case .shorterThanRecorded(let size, let recorded):
            "holds \(size) bytes, fewer than the \(recorded) its state file records"
        case .largerThan(let bytes): "is larger than \(bytes) bytes"
        case .missingRecordedBytes(let bytes): "is missing; its state file records \(bytes) bytes of it"
        case .endedEarly: "ended early while being read"
        case .cannot(let operation, let code): "cannot be \(participle(operation)): \(String(cString: strerror(code)))"
        }
    }

    private static func participle(_ operation: StoreFailure.FileOperation) -> String {
        switch operation {
        case .examine: "examined"
        case .open: "opened"
        case .openForWriting: "opened for writing"
        case .lock: "locked"
        case .list: "listed"
        case .flush: "flushed"
        case .create: "created"
        case .makePrivate: "made private"
        case .read: "read"
        case .remove: "removed"
        case .replace: "replaced"
        case .truncate: "truncated to its committed length"
        case .write: "written"
        }
    }

    static func phrase(for problem: JSONFieldError) -> String {
        switch problem {
        case .notAnObject: "is not a JSON object"
        case .missingField(let field): "is missing the field '\(field)'"
        case .badValue(let field): "has a bad value in field '\(field)'"
        }
    }

    /// Why a phase's label is refused, after the label: the rule of `Phase.problem(withLabel:)`.
    static func phrase(for problem: Phase.LabelProblem) -> String {
        switch problem {
        case .empty: "is empty"
        case .tooLong: "is longer than \(Phase.maximumLabelLength) characters"
        case .notAWord: "is not a word of letters, digits, '-' and '_' that starts with a letter"
        }
    }

    static func phrase(for problem: EntityError) -> String {
        switch problem {
        case .countdownFieldMismatch: "countdownMicroseconds must be present in version 2 and absent in version 1"
        case .unsupportedSchemaVersion(let version):
            "unsupported schemaVersion \(version) (this stopwatch reads \(StopwatchFileEntity.readableSchemaVersions.map(String.init).joined(separator: ", ")))"
        case .namesAnother(let found, let expected): "it names stopwatch \(found.quotedForMessage), not '\(expected)'"
        case .unknownStatus(let status): "unknown status \(status.quotedForMessage)"
        case .runningSinceMismatch: "runningSince must be set exactly when the status is running"
        case .awayOutsideRun:
            "awayMicroseconds is set on a journal line of a stopwatch with a run only, and before its parts by cause"
        case .badAwayStretch:
            "lastAway's 'cause' must be suspend, lock or idle, its end not before its start, a suspend's all asleep"
        case .badAwayPolicy(let value): "awayPolicy must be 'keep', 'drop' or 'ask', not \(value.quotedForMessage)"
        case .badAwayStand(let value):
            "awayStand is 'lock' or 'idle', on a running stopwatch's journal line only, not \(value.quotedForMessage)"
        case .inconsistentLaps: "inconsistent laps record"
        case .initialWithTimeOrLaps: "an initial stopwatch with time or laps"
        case .notATime(let field, let value): "\(field) \(value.quotedForMessage) is not an RFC 3339 time"
        case .bootSessionLength: "runningSince.bootSession must be 1 to 256 bytes"
        case .outOfRange(let field, let value, let lower, let upper):
            "\(field) \(value) is out of range (\(lower) to \(upper))"
        case .totalBelowLap(let prefix): "\(prefix)totalMicroseconds is less than \(prefix)lapMicroseconds"
        case .invalidLabel(let field, let problem): "\(field) \(phrase(for: problem))"
        case .lap(let number, let problem): "lap \(number): \(phrase(for: problem))"
        case .hookWithoutCountdown: "hook is only for a countdown or a cycle in a journal (schemaVersion 3)"
        case .badHookCommand: "hook.command must be a non-empty string without NUL"
        case .sequenceOutsideJournal:
            "sequence is only for a cycle in a journal (schemaVersion 3), never beside countdownMicroseconds"
        case .phaseAnchorWithoutSequence:
            "phaseAnchor, firedEdges, firedWarnings and undeliveredEdges are only for a cycle, beside its sequence"
        case .badPhaseExtra:
            "a phase anchor's extraMicroseconds makes its phase shorter than zero or longer than 100 years"
        case .badHistoryField(let field, let value): "its \(field) is \(value.quotedForMessage)"
        case .invalidPhaseLabel(let field, let problem): "\(field) \(phrase(for: problem))"
        case .badTags(let tags): "its tags \(tags.quotedForMessage) are not tags, sorted and each once"
        case .badRunID(let id): "its runID \(id.quotedForMessage) is not 32 hex digits beside a run"
        case .tagsOutsideJournal: "tags are only in a journal, not a state file written before 0.4.0"
        case .badEarlierPhaseAnchors:
            "earlierPhaseAnchors must come with phaseAnchor in a journal, in order before it, at most \(PhaseSequence.itemizedPhases) phases in"
        }
    }
}
