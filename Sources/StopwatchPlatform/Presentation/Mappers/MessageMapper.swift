import Glibc
import StopwatchCore

/// Turns an error a command met into the line that reports it, without the `stopwatch: ` prefix:
/// what went wrong, input quoted with its control characters escaped, and what to type instead.
///
/// The Core's errors carry facts (the refused operation, the state and the time it was refused
/// at); the sentences, and the times in them, are made here, as every other text is.
public struct MessageMapper: Sendable {
    let mapper: StopwatchUIMapper
    /// The stored names of a kind, for the "did you mean" after a name that does not exist; nil
    /// when they cannot be told.
    private let knownNames: @Sendable (_ kind: NameKind) -> [StopwatchName]?

    /// Which stored names a command takes, and so offers: all, or a countdown's (`wait`), or a
    /// cycle's (`wait --edge`).
    public enum NameKind: Sendable {
        case all, countdowns, cycles

        var word: String {
            switch self {
            case .all: "stopwatch"
            case .countdowns: "countdown"
            case .cycles: "cycle"
            }
        }
    }

    public init(
        mapper: StopwatchUIMapper, knownNames: @escaping @Sendable (_ kind: NameKind) -> [StopwatchName]? = { _ in nil }
    ) {
        self.mapper = mapper
        self.knownNames = knownNames
    }

    /// The line for `error` met by the command typed as `form`: a suggestion that needs what was
    /// typed is made from it (a name for a command that used the default one; `--` for `run`).
    /// For a command that takes countdowns or cycles alone (`names`), the names offered are theirs.
    public func message(for error: any Error, typed form: CommandLineForm?, names kind: NameKind = .all) -> String {
        guard let form else { return message(for: error, names: kind) }
        switch error {
        case StopwatchError.noSuchStopwatch(let name) where form.positionals.isEmpty:
            // The default name, taken because none was typed: the names there are instead.
            let names = (knownNames(kind) ?? []).filter { $0 != name }
            guard let first = names.first else { break }
            let shown = names.prefix(4).map { "'\($0)'" }.joined(separator: ", ") + (names.count > 4 ? ", …" : "")
            return
                "no \(kind.word) named '\(name)', which is the default; there \(names.count == 1 ? "is" : "are") \(shown): \(form.with(positionals: [first.rawValue]).text)"
        case StopwatchError.noSuchStopwatchOn(let name, let machine, let keptOn) where !keptOn.isEmpty:
            // The first one kept, typed for the command as it was typed.
            return message(for: .noSuchStopwatchOn(name, machine: machine, keptOn: keptOn), names: kind) + ": "
                + form.with(positionals: [Self.typed(name, on: keptOn[0])]).text
        case StopwatchError.backdateTooFar(let operation, let state, let ago, let furthest, let now):
            // As far back as it can go, in whole seconds (down), as typed but for the time.
            let seconds = furthest.wholeMicroseconds / 1_000_000
            let suggestion: String
            if let end = state.progress(at: now).end, end.overtime > .zero,
                end.overtime.wholeMicroseconds >= seconds * 1_000_000
            {
                // It had expired by then too: no moment it could be paused at is offered.
                suggestion = refusal(.pause, state, at: now)
            } else if form.command == .edit {
                // `edit --end` of the run in progress: its end at the furthest moment it goes back
                // to (told as a local date and time, as `--end` reads one), or a pause now.
                let pause = CommandLineForm(command: .pause, positionals: [state.name.rawValue])
                let stopped = state.status == .paused ? state.pausedAt ?? now.wall : now.wall
                let moment = stopped - .seconds(seconds)
                let local = StopwatchUIMapper.localSecond(moment + mapper.zone.offset(at: moment)).replacing(
                    " ", with: "T")
                if seconds > 0 {
                    suggestion = "\(form.setting(.end, local).text.quotedForMessage) is as far back as it goes"
                } else if state.status == .running {
                    suggestion = "\(pause.text.quotedForMessage) pauses it now"
                } else {
                    suggestion =
                        "its end stays; \(CommandLineForm(command: .laps, positionals: [state.name.rawValue]).text.quotedForMessage) shows its laps"
                }
            } else {
                let untimed = form.removing(.at).removing(.ago)
                suggestion =
                    seconds > 0
                    ? "\(untimed.setting(.ago, "\(seconds)s").text.quotedForMessage) is as far back as it goes"
                    : "\(untimed.text.quotedForMessage) does it now"
            }
            return backdateTooFar(operation, state, ago: ago, furthest: furthest, at: now) + "; " + suggestion
        case let error as StopwatchError where history(error, typed: form) != nil:
            return history(error, typed: form)!
        case ChildProcess.LaunchError.notFound(let command) where form.command == .run && form.positionals.isEmpty:
            // `run ci make`, meaning the stopwatch `ci`: its name before `--`.
            guard let name = StopwatchName(command), (knownNames(.all) ?? []).contains(name),
                var suggestion = Optional(form)
            else { break }
            suggestion.positionals = [command]
            suggestion.commandArguments = Array((form.commandArguments ?? []).dropFirst())
            guard suggestion.commandArguments?.isEmpty == false else { break }
            return "\(message(for: error)); '\(name)' is a stopwatch: to record the run in it, \(suggestion.text)"
        default:
            break
        }
        return message(for: error, names: kind)
    }

    public func message(for error: any Error, names kind: NameKind = .all) -> String {
        switch error {
        case let error as StopwatchError: message(for: error, names: kind)
        case let error as StoreFailure: message(for: error)
        case let error as ChildProcess.LaunchError: message(for: error)
        case let error as ImportFailure:
            Self.line(for: error)
        case let error as OutputFileFailure:
            "cannot write the time to \(error.path.quotedForMessage): \(String(cString: strerror(error.errno)))"
        default: String(describing: error)
        }
    }

    private func message(for error: StopwatchError, names kind: NameKind) -> String {
        switch error {
        case .notApplicable(let operation, let state, let now):
            refusal(operation, state, at: now)
        case .noSuchStopwatch(let name):
            "no such stopwatch '\(name)'"
                + (ClosestMatch.to(name.rawValue, among: (knownNames(kind) ?? []).map(\.rawValue)).map {
                    " (did you mean '\($0)'?)"
                } ?? "")
        case .noSuchStopwatchOn(let name, let machine, let keptOn):
            "no stopwatch '\(name)' on \(machine.quotedForMessage)"
                + (keptOn.isEmpty
                    ? "" : "; there is " + keptOn.map { "'\(Self.typed(name, on: $0))'" }.joined(separator: ", "))
        case .unknownName(let name, let known):
            "no stopwatch or run named '\(name)'"
                + (ClosestMatch.to(name.rawValue, among: known.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? "")
        case .unknownPhaseLabel(let label, let known):
            "no cycle counted has a phase labelled \(label.quotedForMessage)"
                + (ClosestMatch.to(label, among: known).map { " (did you mean '\($0)'?)" }
                    ?? (known.isEmpty ? "" : "; its labels: " + known.joined(separator: ", ")))
        case .deleted(let name):
            "'\(name)' was deleted while waiting for it"
        case .invalidLabel(let label, let problem):
            "invalid label \(label.quotedForMessage): it \(Self.phrase(for: problem))"
        case .lapLimitReached(let name):
            "cannot lap '\(name)': it holds as many laps as a stopwatch can"
        case .backdateTooFar(let operation, let state, let ago, let furthest, let now):
            backdateTooFar(operation, state, ago: ago, furthest: furthest, at: now)
        case .inTheFuture, .needsDate, .endBeforeStart, .noSuchRunID, .ambiguousRunID, .overlap, .lessThanNothing,
            .notWithin, .cannotJoin,
            .runInProgress, .nothingToUndo, .changedSince, .pauseUnknown, .startPastSplit, .noAwayStretch,
            .awayBeforeSplit,
            .nothingUndecided:
            history(error, typed: nil) ?? ""
        case .lapsNotHereYet(let name):
            "the laps of '\(name)' kept with that change have not reached this machine yet (the sync carries them): "
                + "nothing was changed; run it again once they have"
        case .runsElsewhere(let name, let machine):
            "'\(name)' runs on \(machine) (a state directory shared with it): change it there; "
                + "\(CommandLineForm(command: .delete, positionals: [name.rawValue + "@" + machine]).text.quotedForMessage) takes it off every machine, its run kept"
        case .noSuchRun(let name, let back, let kept, let machine):
            "no run \(back) back of '\(name)'\(machine.map { " recorded on \($0)" } ?? "") in history: it keeps \(kept == 0 ? "none" : kept == 1 ? "one" : String(kept)); "
                + "\(CommandLineForm(command: .history, positionals: [name.rawValue]).text.quotedForMessage) lists them"
        }
    }

    /// `pause --ago` further back than the running segment or the latest lap.
    private func backdateTooFar(
        _ operation: StopwatchOperation, _ state: StopwatchState, ago: Duration, furthest: Duration, at now: TimeReading
    ) -> String {
        let durations = mapper.durations
        let elapsed = state.elapsed(at: now).duration
        let lapped = state.latestLap.map { elapsed - $0.total <= furthest } ?? false
        let moved = state.phaseAnchor.map { elapsed - $0.at <= furthest } ?? false
        return
            "cannot \(operation == .pause ? "pause" : "change") '\(state.name)' \(durations.viewState(ago).clock) ago: "
            + "it has run only \(durations.viewState(furthest).clock) since "
            + (lapped
                ? "it was last lapped"
                : moved ? "its phase last changed ('next', 'timer --add')" : "it was last started or resumed")
    }

    /// Why `operation` does not apply to `state`, and the command that does what was probably meant.
    private func refusal(_ operation: StopwatchOperation, _ state: StopwatchState, at now: TimeReading) -> String {
        let name = state.name
        let viewState = mapper.viewState(state, at: now)
        let time = StopwatchLineComposer.time(viewState)
        func command(_ verb: String) -> String {
            "'stopwatch \(verb)\(name == .default ? "" : " \(name)")'"
        }
        let notStarted = "it is reset; start it with \(command("start"))"
        let expired = "it expired \(time); \(command("restart")) starts it over, \(command("dismiss")) puts it away"
        let ended = "its last phase has ended (\(time)); \(command("restart")) starts the cycle over"
        let kind = PlanKind(state.plan).word
        switch (operation, state.refusal(of: operation, at: now)) {
        case (.start, .expired):
            return "cannot start '\(name)': \(expired)"
        case (.start, .running):
            return "cannot start '\(name)': it is already running (\(time)); \(command("restart")) starts it over"
        case (.start, _):
            return
                "cannot start '\(name)': it is paused (\(time)); \(command("resume")) goes on, \(command("restart")) starts it over"
        case (.pause, .expired):
            return "cannot pause '\(name)': \(expired)"
        case (.pause, .paused):
            return "cannot pause '\(name)': it is already paused (\(time))"
        case (.pause, _):
            return "cannot pause '\(name)': \(notStarted)"
        case (.resume, .running):
            return "cannot resume '\(name)': it is already running (\(time))"
        case (.resume, _):
            return "cannot resume '\(name)': \(notStarted)"
        case (.lap, .paused):
            return "cannot lap '\(name)': it is paused (\(time)); \(command("resume")) goes on"
        case (.lap, _):
            return "cannot lap '\(name)': \(notStarted)"
        case (.recordRun, _):
            return "cannot record a run in '\(name)': it is paused (\(time)); \(command("resume")) goes on"
        case (.createCountdown, .timeLeft):
            return "cannot create countdown '\(name)': it has \(time); use --force to replace it"
        case (.createCountdown, _):
            return "cannot create countdown '\(name)': a \(kind) has that name; use --force to replace it"
        case (.wait, .repeatsUntilStopped):
            return "cannot wait for '\(name)': its cycle repeats until stopped, so it has no end to wait for"
        case (.wait, _):
            return "cannot wait for '\(name)': it is a \(kind), not a countdown"
        case (.addTime, .lastPhaseEnded):
            return "cannot add time to '\(name)': \(ended)"
        case (.addTime, _):
            return "cannot add time to '\(name)': it is a \(kind), not a countdown or a cycle"
        case (.dismiss, .notExpired):
            return
                "cannot dismiss '\(name)': it has not expired (\(time)); \(CommandLineForm(command: .delete, positionals: [name.rawValue]).text.quotedForMessage) cancels it"
        case (.dismiss, _):
            return "cannot dismiss '\(name)': it is a \(kind), not a countdown"
        case (.next, .notStarted):
            return "cannot begin the next phase of '\(name)': \(notStarted)"
        case (.next, .lastPhaseEnded):
            return "cannot begin the next phase of '\(name)': \(ended)"
        case (.next, _):
            return "cannot begin the next phase of '\(name)': it is a \(kind), not a cycle"
        case (.waitForEdge, .lastPhaseEnded):
            return "cannot wait for the next edge of '\(name)': \(ended)"
        case (.waitForEdge, .notACycle(hasEnd: true)):
            return
                "cannot wait for the next edge of '\(name)': it is a \(kind), not a cycle; \(CommandLineForm(command: .wait, positionals: [name.rawValue]).text.quotedForMessage) waits for a countdown"
        case (.waitForEdge, _):
            // A stopwatch has no end to wait for either: nothing to suggest that would work.
            return "cannot wait for the next edge of '\(name)': it is a \(kind), not a cycle"
        case (.createCycle, .cycleInUse):
            return
                "cannot create cycle '\(name)': it is \(StopwatchLineComposer.statusWord(viewState)) (\(time)); use --force to replace it"
        case (.createCycle, _):
            return "cannot create cycle '\(name)': a \(kind) has that name; use --force to replace it"
        }
    }

    private func message(for failure: StoreFailure) -> String {
        switch failure.remedy {
        case .deleteForce(let name): "\(Self.line(for: failure)); 'stopwatch delete --force \(name)' deletes it"
        case .removeByHand: "\(Self.line(for: failure)); remove it by hand"
        case nil: Self.line(for: failure)
        }
    }

    private func message(for error: ChildProcess.LaunchError) -> String {
        switch error {
        case .notFound(let command) where command.contains(" "):
            "\(command.escapingControlCharacters): command not found; to run a shell command line: \(CommandLineForm(command: .run, commandArguments: ["sh", "-c", command]).text)"
        case .notFound(let command):
            "\(command.escapingControlCharacters): command not found"
        case .cannotRun(let command, let code):
            "\(command.escapingControlCharacters): cannot run: \(String(cString: strerror(code)))"
        }
    }
}

extension MessageMapper {
    /// What is wrong with a label, after "it" or "the label": `is empty`.
    static func phrase(for problem: LabelProblem) -> String {
        switch problem {
        case .empty: "is empty"
        case .tooLong: "is longer than \(Lap.maximumLabelLength) characters"
        case .controlCharacter: "contains a control character such as a newline, tab or escape"
        }
    }

    /// `name` as it is typed for the stopwatch `machine` keeps: `NAME@MACHINE`, or the name alone
    /// for this machine's (nil).
    static func typed(_ name: StopwatchName, on machine: String?) -> String {
        machine.map { name.rawValue + "@" + $0 } ?? name.rawValue
    }
}
