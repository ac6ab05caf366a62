import Glibc
import StopwatchCore

extension MessageMapper {
    /// The line for a refusal of a change to history or of a time told after the fact, with what
    /// to type instead, made from `form` (what was typed) when there is one; nil for another error.
    func history(_ error: StopwatchError, typed form: CommandLineForm?) -> String? {
        let zone = mapper.zone
        func when(_ instant: Duration) -> String { WhenWord.dated(instant, in: zone) }
        func run(_ run: RunRecord) -> String {
            "\(run.name)'s run \(run.id.prefix(EventID.shortLength)) (\(when(run.startedAt)) to \(when(run.endedAt)))"
        }
        func pasted(_ suggestion: CommandLineForm?) -> String {
            suggestion.map { ": " + $0.text } ?? ""
        }
        switch error {
        case .inTheFuture(let instant, let now):
            return
                "\(when(instant)) is \(mapper.durations.viewState(instant - now).clock) in the future: a time told after the fact is never after now"
        case .needsDate(let start, let end, let length):
            let dated = form.map { Self.dating(start: start, end: end, in: $0, zone: zone) }
            if let end {
                // Two times of day the wrong way round read as a block of most of a day: the swap,
                // when it makes one of less than 12 hours, is what was meant.
                var swapped = ""
                if let form, form.command == .track, form.positionals.count >= 2,
                    .seconds(86_400) - length <= Moment.bareLimit, length < .seconds(86_400),
                    form.positionals[0].allSatisfy({ $0.isNumber || $0 == ":" }),
                    form.positionals[1].allSatisfy({ $0.isNumber || $0 == ":" })
                {
                    swapped =
                        "; or, swapped: "
                        + form.with(
                            positionals: [form.positionals[1], form.positionals[0]] + form.positionals.dropFirst(2)
                        ).text
                }
                return
                    "\(when(start)) to \(when(end)) is \(mapper.durations.viewState(length).clock) long: a block or a run of more than 12 hours is given with its dates\(pasted(dated))"
                    + swapped
            }
            return
                "\(when(start)) was \(mapper.durations.viewState(length).clock) ago: a start more than 12 hours back is given with its date\(pasted(dated))"
        case .endBeforeStart(let start, let end):
            guard start != end else {
                // Two times that are one instant: typed alike, or one the clocks skipped (a
                // daylight-saving change), which reads as the hour after it.
                if let form, form.command == .track, form.positionals.count >= 2,
                    form.positionals[0] != form.positionals[1]
                {
                    let earlier = form.with(
                        positionals: [when(start - .seconds(3600)), form.positionals[1]] + form.positionals.dropFirst(2)
                    )
                    return
                        "\(form.positionals[0].quotedForMessage) and \(form.positionals[1].quotedForMessage) are one instant, \(when(end)): the clocks skipped an hour there; a block across the change begins before it: \(earlier.text)"
                }
                return "a block or run that ends where it starts, \(when(end)): its end comes after its start"
            }
            var swapped: CommandLineForm?
            if let form, form.command == .track, form.positionals.count >= 2 {
                swapped = form.with(
                    positionals: [form.positionals[1], form.positionals[0]] + form.positionals.dropFirst(2))
            }
            return
                "a block or run that would end at \(when(end)), before its start at \(when(start)): its end comes after its start"
                + (swapped.map { "; swapped: \($0.text)" } ?? "")
        case .noSuchRunID(let prefix) where prefix.isEmpty:
            return
                "no run to correct: history keeps none and no stopwatch runs; \(CommandLineForm(command: .track).text.quotedForMessage) keeps a block told after the fact"
        case .ambiguousRunID(let prefix, let candidates) where prefix.isEmpty:
            let names = candidates.map { "'\($0.name)'" }.joined(separator: ", ")
            return
                "\(candidates.count) stopwatches are running (\(names)): name the run, as \((form ?? CommandLineForm(command: .edit)).with(positionals: [candidates[0].name.rawValue]).text.quotedForMessage)"
        case .noSuchRunID(let prefix):
            return
                "no run's id begins with \(prefix.quotedForMessage); \(CommandLineForm(command: .history).text.quotedForMessage) lists the runs with their ids"
        case .ambiguousRunID(let prefix, let candidates):
            let listed = candidates.prefix(5).map {
                "\($0.id.prefix(EventID.shortLength + 4)) (\($0.name), \(when($0.startedAt)))"
            }.joined(separator: ", ")
            return
                "\(prefix.quotedForMessage) begins the ids of \(candidates.count) runs: \(listed)\(candidates.count > 5 ? ", …" : ""); type more of its id"
        case .overlap(let moved, let other):
            var suggestion: CommandLineForm?
            // Moved clear of the other run, at whichever end still leaves a block: none when it
            // lies within the other (then the runs of its name are what to look at).
            let earlier = other.startedAt < moved.startedAt
            let fits = earlier ? other.endedAt < moved.endedAt : other.startedAt > moved.startedAt
            if let form, fits {
                switch form.command {
                case .edit where earlier: suggestion = form.setting(.start, when(other.endedAt))
                case .edit: suggestion = form.setting(.end, when(other.startedAt))
                case .track where form.positionals.count >= 2:
                    suggestion = form.with(
                        positionals: (earlier
                            ? [when(other.endedAt), when(moved.endedAt)]
                            : [when(moved.startedAt), when(other.startedAt)]) + form.positionals.dropFirst(2)
                    )
                default: break
                }
            }
            guard let suggestion else {
                return "it would overlap \(run(other)), which it lies within: runs of one name never overlap; "
                    + "\(CommandLineForm(command: .history, positionals: [moved.name.rawValue]).text.quotedForMessage) lists them"
            }
            return
                "it would overlap \(run(other)): runs of one name never overlap; \(earlier ? "to start it where that one ends" : "to end it where that one starts"): \(suggestion.text)"
        case .lessThanNothing(let corrected):
            return
                "that would leave \(run(corrected)) less than nothing: it counted \(mapper.durations.viewState(corrected.elapsed).clock)"
        case .startPastSplit(let corrected, let later, let furthest):
            let seconds = furthest.wholeMicroseconds / 1_000_000
            let suggestion =
                seconds > 0
                ? form.map { "; \($0.setting(.start, "+\(seconds)s").text.quotedForMessage) is as late as it goes" }
                    ?? "" : ""
            return "cannot start \(run(corrected)) \(mapper.durations.viewState(later).clock) later: it has run only "
                + "\(mapper.durations.viewState(furthest).clock) since it was last lapped or its phase last changed, and those stand"
                + suggestion
        case .notWithin(let inside, let instant):
            return "\(when(instant)) is not within \(run(inside)): a run is split between its start and its end"
        case .cannotJoin(let first, let second, let refusal):
            switch refusal {
            case .between(let between):
                return "\(run(between)) lies between them: join two runs of one name that follow each other"
            case .sameRun: return "those are the same run: join two runs of one name"
            case .otherNames:
                return "runs of '\(first.name)' and '\(second.name)' are not joined: join two runs of one name"
            case .phasesKept: return "a cycle's runs are not joined: each keeps its phases as they ran"
            case .otherAwayPolicies:
                let decide = CommandLineForm(command: .edit, positionals: [second.id.hex])
                    .setting(.away, first.awayPolicy.rawValue).text
                return "one run \(first.awayPolicy == .drop ? "dropped" : "kept") its away time and the other did not: "
                    + "\(decide.quotedForMessage) decides the second as the first, then join them"
            case .otherPlans:
                return
                    "runs of a \(PlanKind(first.plan).word) and a \(PlanKind(second.plan).word) are not joined: join runs of one plan"
            }
        case .runInProgress(let name, let command, let machine):
            let verb = command == .split ? "split" : command == .join ? "joined" : "renamed"
            // Another machine's run ends there: no command typed here ends it.
            if let machine { return "'\(name)' holds that run on \(machine): it is \(verb) once it has ended there" }
            return
                "'\(name)' holds that run now: it is \(verb) once it has ended; \(CommandLineForm(command: .reset, positionals: [name.rawValue]).text.quotedForMessage) ends it"
        case .noAwayStretch(let name):
            let history = CommandLineForm(command: .history, positionals: [name.rawValue]).text
            return
                "'\(name)' has no away stretch to book as another run: only the last one booked on a run in progress is kept ('\(history)' shows its away time)"
        case .awayBeforeSplit(let name):
            let history = CommandLineForm(command: .history, positionals: [name.rawValue]).text
            return
                "'\(name)' was lapped or its phase changed after its last away stretch, and those stand: the stretch stays in its time ('\(history)' shows its away time)"
        case .nothingUndecided(let run):
            let history = CommandLineForm(command: .history, positionals: [run.name.rawValue]).text
            return
                "'\(run.name)' has nothing undecided left of the away time asked about: it was decided already ('\(history)' shows what became of it)"
        case .pauseUnknown(let name):
            let resume = CommandLineForm(command: .resume, positionals: [name.rawValue]).text
            return
                "when '\(name)' was paused is not known (it was paused by an earlier version): '\(resume)', then pause it with --at"
        case .nothingToUndo(let redo):
            return redo
                ? "nothing to redo: the latest change to history is no undo; \(CommandLineForm(command: .history).text.quotedForMessage) lists the runs it keeps"
                : "nothing to undo: history holds no change left to undo; \(CommandLineForm(command: .history).text.quotedForMessage) lists the runs it keeps"
        case .changedSince(let change, let state):
            let name = change.events.lazy.compactMap {
                if case .stopwatch(let before, let after) = $0 { (before ?? after)?.name } else { nil }
            }.first
            let stopwatch = name.map { "'\($0.rawValue)'" } ?? "its stopwatch"
            let now = state.map { "it is \(StoredStatus.token(for: $0.status)) now" } ?? "it was deleted"
            // Its runs by its name while it is here; else every run (no run of the name may be
            // here, and `history NAME` would then fail pasted).
            let named = state == nil ? nil : name
            let look = CommandLineForm(command: .history, positionals: named.map { [$0.rawValue] } ?? []).text
                .quotedForMessage
            return
                "cannot take back the \(change.kind.rawValue) made \(when(change.madeAt)): \(stopwatch) changed since (\(now)), and taking it back "
                + "never writes over a change; \(look) lists \(named == nil ? "the runs it keeps" : "its runs")"
        default:
            return nil
        }
    }

    /// `form` with each bare time of day it holds (a positional, or `--at`, `--start`, `--end`)
    /// given its date: the first as `start`, the next as `end`.
    static func dating(start: Duration, end: Duration?, in form: CommandLineForm, zone: any LocalTimeZone)
        -> CommandLineForm
    {
        var instants = [start] + (end.map { [$0] } ?? [])
        func next() -> String? { instants.isEmpty ? nil : WhenWord.dated(instants.removeFirst(), in: zone) }
        var dated = form
        var positionals = form.positionals
        for index in positionals.indices where TimeOfDay(positionals[index]) != nil {
            if let text = next() { positionals[index] = text }
        }
        dated = dated.with(positionals: positionals)
        for option in [OptionName.at, .start, .end] {
            if let value = form.value(of: option), TimeOfDay(value) != nil, let text = next() {
                dated = dated.setting(option, text)
            }
        }
        return dated
    }

    /// `FILE: element 3: its start is missing or not a time; nothing was imported`.
    static func line(for failure: ImportFailure) -> String {
        let file = failure.path == "-" ? "standard input" : failure.path
        let reason: String
        switch failure.reason {
        case .notJSON(let offset): reason = "not JSON (at byte \(offset))"
        case .notAnArray: reason = "not a JSON array of intervals or frames"
        case .badField(let field):
            reason = "element \(failure.element ?? 0): its \(field) is missing, of the wrong type or out of range"
        case .unreadable(let code): reason = "cannot be read: \(String(cString: strerror(code)))"
        }
        return "\(file.escapingControlCharacters): \(reason); nothing was imported"
    }
}
