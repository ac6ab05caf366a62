import StopwatchCore

extension MessageMapper {
    /// The line a usage error is reported with: its sentence, and a pointer to the command's help
    /// unless the sentence already says what to type.
    static func line(for error: UsageError) -> String {
        let sentence = sentence(for: error.reason, in: error.command)
        guard pointsToHelp(error.reason) else { return sentence }
        return "\(sentence) (see 'stopwatch \(error.command.map { "\($0.rawValue) " } ?? "")--help')"
    }

    static func sentence(for reason: UsageError.Reason) -> String {
        sentence(for: reason, in: nil)
    }

    private static func pointsToHelp(_ reason: UsageError.Reason) -> Bool {
        switch reason {
        case .unknownCommand(_, let closest): closest == nil
        case .optionBeforeCommand(_, let closest): closest == nil
        case .unknownOption(_, let closest): closest == nil
        case .unknownChoice(_, _, _, _, let closest): closest == nil
        case .invalidDuration(let error): error.suggestion == nil
        case .splitDuration(_, _, let joined, let literal): joined == nil && literal == nil
        case .invalidTemplate(_, .unknownField(_, let closest, _)): closest == nil
        case .invalidDay(_, _, let meant): meant == nil
        case .durationAsCycleName, .warnNeedsHook, .todayFieldElsewhere: false
        case .notAGoal(_, let hours, _): hours == nil
        case .goalTooLong(_, _, let week): week == nil
        case .noStop, .commandMeant, .phaseNeedsUnit, .allTakesNoName, .phaseAndCause, .shownTakesNoName,
            .stopwatchWhereCommandBelongs,
            .nameBeforeCommand,
            .durationAfterDoubleDash, .durationAndUntil, .durationComesFirst, .signedDuration,
            .followNeedsLineFormat, .followNeedsFormat:
            false
        default: true
        }
    }

    private static func sentence(for reason: UsageError.Reason, in command: CommandName?) -> String {
        let name = command.map { "'\($0.rawValue)'" } ?? "the command"
        switch reason {
        case .unknownCommand(let word, let closest):
            return "unknown command \(word.quotedForMessage)"
                + (closest.map { "; did you mean '\($0.rawValue)'?" } ?? "")
        case .stopwatchWhereCommandBelongs(let name):
            let status = CommandLineForm(command: .status, positionals: [name.rawValue]).text.quotedForMessage
            return "unknown command '\(name)'; \(status) shows the stopwatch of that name"
        case .noStop(nil):
            return "there is no 'stop': 'pause' keeps the time, 'reset' clears it"
        case .noStop(let pause?):
            return "there is no 'stop': \(pause.text.quotedForMessage) keeps the time ('reset' clears it)"
        case .commandMeant(let word, let suggestion):
            return "unknown command \(word.quotedForMessage); did you mean \(suggestion.text.quotedForMessage)?"
        case .optionBeforeCommand(let word, let closest):
            return "unknown option \(word.quotedForMessage)"
                + (closest.map { "; did you mean '\($0.rawValue)'?" } ?? "; a command comes first")
        case .takesNoArguments(let option):
            return "'\(option.rawValue)' takes no arguments"
        case .unknownOption(let word, let closest):
            return "unknown option \(word.quotedForMessage) for \(name)"
                + (closest.map { "; did you mean '\($0.rawValue)'?" } ?? "")
        case .optionTakesNoValue(let option):
            return "option '\(option.rawValue)' takes no value"
        case .optionNeedsValue(let option, let placeholder):
            return "option '\(option.rawValue)' needs a value (\(placeholder))"
        case .optionGivenTwice(let option):
            return "option '\(option.rawValue)' is given twice"
        case .unknownChoice(let value, let option, let placeholder, let choices, let closest):
            let what =
                "unknown \(placeholder.lowercased()) \(value.quotedForMessage)"
                + (option.map { " for '\($0.rawValue)'" } ?? "")
            return what + (closest.map { "; did you mean \($0.quotedForMessage)?" } ?? "; use \(list(choices))")
        case .conflictingFormats(let first, let second):
            return "\(first) and \(second) ask for different formats"
        case .exclusiveOptions(let first, let second):
            return "'\(first.rawValue)' and '\(second.rawValue)' cannot be used together"
        case .unexpectedArgument(let word):
            return "\(name) takes no arguments, got \(word.quotedForMessage)"
                + (command == .stamp ? "; it reads standard input" : "")
        case .extraName(let word):
            return "\(name) takes one stopwatch name, got \(word.quotedForMessage) too"
        case .tooManyTopics:
            return "'help' takes at most one command"
        case .missingShell(let shells):
            return "'completions' needs a shell: \(list(shells))"
        case .invalidName(let text):
            return "invalid stopwatch name \(text.quotedForMessage): use \(nameRule)"
        case .warnNeedsHook(let suggestion):
            return "'--warn' warns through '--notify' or '--exec', and neither is given: \(suggestion.text)"
        case .invalidPlanName(let text):
            return "invalid plan name \(text.quotedForMessage): use \(nameRule)"
        case .invalidLabel(let problem):
            return "the label \(Self.phrase(for: problem))"
        case .deleteNeedsNames:
            return "'delete' needs the names of the stopwatches to delete, or '--expired'"
        case .expiredTakesNoNames:
            return "'--expired' deletes every expired countdown; name none"
        case .phaseAndCause(let suggestion):
            return "--by phase and --by cause each split a run's time; one at a time: \(suggestion.text)"
        case .allTakesNoName(let suggestion):
            return "'--all' shows every stopwatch; for one: \(suggestion.text)"
        case .shownTakesNoName(let word, let suggestion):
            return "'--shown' acts on the stopwatch a bar shows; for \(word.quotedForMessage): \(suggestion.text)"
        case .phaseNeedsLabel(let word):
            return "a phase is LABEL=DURATION, got \(word.quotedForMessage): for example work=25m"
        case .durationAsCycleName(let word, let phase, let literal):
            return
                "\(word.quotedForMessage) reads as a duration, not a name; a phase is LABEL=DURATION: \(phase.text) (a cycle named \(word.quotedForMessage) goes after '--': \(literal.text))"
        case .invalidPhaseLabel(let word, let problem):
            return "the phase \(word.quotedForMessage): its label \(Self.phrase(for: problem))"
        case .phaseNeedsUnit(let word, let minutes):
            return
                "the phase \(word.quotedForMessage) has no unit: \(minutes.text.quotedForMessage) for minutes (s for seconds, h for hours)"
        case .invalidPhaseDuration(let word, let error):
            return "the phase \(word.quotedForMessage): \(line(for: error))"
        case .tooManyPhases:
            return "a cycle has at most \(PhaseSequence.maximumPhases) phases a round"
        case .invalidCount(let option, let text, let maximum):
            return "'\(option.rawValue) \(text)': it takes a whole number from 1 to \(maximum)"
        case .noSuchPhase(let label, let labels):
            return
                "'--wait-before \(label)': the cycle has no phase \(label.quotedForMessage); its phases are \(labels.joined(separator: ", "))"
        case .planWithPhases(let word):
            return
                "'--plan' takes its phases from the plan, got \(word.quotedForMessage) too (its options may be typed beside it, in place of the plan's)"
        case .noSuchPlan(let plan, let saved):
            // A command that works when pasted: the pomodoro's phases, saved under that name.
            let pomodoro = (0..<PhaseSequence.pomodoro.phases.count).map { PhaseSequence.pomodoro.phase($0) }
            let phases = pomodoro.map { "\($0.label)=\(DurationSyntax.format($0.duration))" }.joined(separator: " ")
            return "no saved plan \(plan.quotedForMessage); "
                + (saved.isEmpty
                    ? "save one with 'stopwatch cycle \(phases) --save \(plan)'"
                    : "saved plans: \(saved.joined(separator: ", "))")
        case .planExists(let plan):
            return "a plan \(plan.quotedForMessage) is saved already; add '--force' to replace it"
        case .notInPlan(let option):
            return
                "'\(option.rawValue)' is not part of a plan: a plan holds phases, --rounds, --long, --long-every, --wait-before, --warn, --notify, --exec and --tag"
        case .everyNeedsLong:
            return "'--long-every' says how often the long phase comes: give one with '--long LABEL=DURATION'"
        case .missingDuration:
            return "'timer' needs a duration (for example 25m, 1h30m, 90s or 1:30) or '--until HH:MM'"
        case .invalidDuration(let error):
            return line(for: error)
        case .invalidTemplate(let text, .unknownField(let field, let closest, let fields)):
            return "unknown field {\(field)} in the format \(text.quotedForMessage)"
                + (closest.map { "; did you mean {\($0)}?" } ?? "; the fields are "
                    + fields.map { "{\($0)}" }.joined(separator: " "))
        case .invalidTemplate(let text, .unmatchedBrace):
            return "a brace without its pair in the format \(text.quotedForMessage); write {{ or }} for a brace itself"
        case .invalidDay(let option, let text, let meant?):
            return
                "invalid day \(text.quotedForMessage) for '\(option.rawValue)': days back take a minus: \(meant.text)"
        case .invalidDay(let option, let text, nil):
            return
                "invalid day \(text.quotedForMessage) for '\(option.rawValue)': use today, yesterday, a weekday (monday), a date (2026-11-25) or days back (-7d), or a day and a time ('yesterday 17:30')"
        case .invalidTag(let tag):
            return
                "invalid tag \(tag.quotedForMessage) for '--tag': a tag is 1 to 32 letters, digits, '-', '_' or '.', beginning with a letter or digit; several are separated by commas, as --tag billable,client-a"
        case .tooManyTags(let count):
            return "'--tag' takes at most \(Tag.maximumCount) tags, separated by commas; got \(count)"
        case .notAGoal(let text, let hours?, let pomodoros?):
            return
                "\(text.quotedForMessage) is no goal: \(hours.text.quotedForMessage) for hours, or \(pomodoros.text.quotedForMessage) for pomodoros"
        case .notAGoal(let text, let time?, nil):
            let unit = time.positionals.first?.hasSuffix("m") == true ? "minutes" : "hours"
            return "\(text.quotedForMessage) is no goal: \(time.text.quotedForMessage) for \(unit)"
        case .goalTooLong(let text, let period, let week):
            let most = Goal.text(of: Goal.maximumTime(period))
            return "\(text.quotedForMessage) is longer than a \(period.rawValue) (\(most) at most)"
                + (week.map { "; a week's goal: \($0.text)" } ?? "")
        case .notAGoal(let text, _, _):
            return
                "\(text.quotedForMessage) is no goal: give a time (6h, 7h30m) and/or a count of pomodoros (8 pomodoros)"
        case .todayFieldElsewhere(let field):
            return
                "{\(field)} is one of today's totals, read once: 'stopwatch status NAME --format' shows it without --follow, and 'stopwatch today' on its own"
        case .trackNeedsTimes:
            return
                "'track' needs the block's start and end, as local times: for example 'stopwatch track 09:00 10:30 meeting'"
        case .emptyBlock(let time):
            return
                "the block starts and ends at \(time.quotedForMessage): give END as the time it ended, after its start"
        case .reversedRange(let since, let until, let suggestion):
            return
                "'--since \(since)' is after '--until \(until)': nothing can be in that range; \(suggestion.text.quotedForMessage) swaps them"
        case .invalidTime(let option, let text) where option == .start || option == .end:
            return
                "invalid time \(text.quotedForMessage) for '\(option!.rawValue)': use HH:MM, a date and a time ('2026-11-24 09:00'), a day and a time ('yesterday 17:30'), or +DURATION or -DURATION to move it by, for example -10m"
        case .invalidTime(let option, let text) where option == .until:
            return
                "invalid time \(text.quotedForMessage) for '--until': use HH:MM or HH:MM:SS (24-hour), for example 17:30"
        case .invalidTime(let option, let text):
            return
                "invalid time \(text.quotedForMessage)\(option.map { " for '\($0.rawValue)'" } ?? ""): use HH:MM or HH:MM:SS (24-hour), for example 17:30, or a date and a time ('2026-11-24 09:00', 'yesterday 17:30', 2026-11-24T09:00)"
        case .nothingToEdit:
            return
                "'edit' needs what to change: --start, --end, --name, --tag or --away, for example 'stopwatch edit --start 09:00'"
        case .missingRun:
            return
                "which runs? give their ids as 'stopwatch history' shows them, for example 'stopwatch \(command?.rawValue ?? "remove") 4f3a2b1c'"
        case .invalidRun(let text):
            return
                "invalid run \(text.quotedForMessage): give a run's id as 'stopwatch history' shows it (or its first 4 digits or more), or a stopwatch's name"
        case .agoAndAt:
            return "give '--ago DURATION' or '--at HH:MM', not both: each says when it happened"
        case .durationAndUntil(let withDuration, let withUntil):
            return "give a duration or '--until', not both: \(withDuration.text), or \(withUntil.text)"
        case .durationAfterDoubleDash(let word, let suggestion):
            return "after '--' every word is a name, so \(word.quotedForMessage) was no duration: \(suggestion.text)"
        case .nameBeforeCommand(let word, let suggestion):
            return "the command comes first, then the name \(word.quotedForMessage): \(suggestion.text)"
        case .durationComesFirst(let suggestion):
            return "the duration comes first: \(suggestion.text)"
        case .splitDuration(let word, let isUnit, let joined, let literal):
            let what = isUnit ? "is a unit" : "reads as a duration"
            if let joined {
                let named =
                    literal.map { " (a countdown named \(word.quotedForMessage) goes after '--': \($0.text))" } ?? ""
                return
                    "\(word.quotedForMessage) \(what), not a name; write a duration as one word: \(joined.text)\(named)"
            }
            if let literal {
                return "\(word.quotedForMessage) \(what); a name that reads as one goes after '--': \(literal.text)"
            }
            return "\(word.quotedForMessage) \(what), not a name; write a duration as one word: 5min or 1h30m"
        case .jsonAndWatch:
            return "'--json' prints the countdown and ends; '--watch' follows it live: use one"
        case .addCreatesNothing(let option):
            return "'--add' changes a countdown that exists; \(option.rawValue) is for creating one"
        case .addNeedsName(let word):
            return "with '--add', the argument is the countdown's name, not a duration like \(word.quotedForMessage)"
        case .signedDuration(let slip):
            let (suggestion, creates) = slip.suggestion
            // The word as read, so a `-5s` meant as a name or a length is seen for what it was taken as.
            let signed = slip.typed.map { "\($0.quotedForMessage) is a signed duration, which" } ?? "a signed duration"
            if creates {
                let which = slip.name.map { "no countdown named '\($0)'" } ?? "no countdown"
                return "\(signed) changes a countdown's time, and there is \(which); to make one: \(suggestion.text)"
            }
            return "\(signed) changes a countdown's time: \(suggestion.text)"
        case .runNeedsCommand:
            return "'run' needs a command: stopwatch run COMMAND [ARG...], or stopwatch run NAME -- COMMAND [ARG...]"
        case .labelNeedsName:
            return "'--label' needs a stopwatch to record the run in: stopwatch run NAME --label TEXT -- COMMAND"
        case .quietExcludesFormats:
            return "'--quiet' and '--format' or '--json' cannot be used together"
        case .followNeedsLineFormat(let typed, let suggestion):
            return
                "'--follow' prints a line each time the text changes, and \(typed) changes every millisecond; for a line a second: \(suggestion.text)"
        case .followNeedsFormat(let suggestion):
            return
                "'list --follow' follows the most pressing one in a bar's format or a template: \(suggestion.text) ('stopwatch watch --all' is the live table)"
        case .sinceWithTimeOfDay(let format):
            return "'--since' counts elapsed time; '--format \(format)' prints the time of day"
        }
    }

    /// `a, b or c`.
    static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    /// A duration that does not parse: one line, short enough to fit 100 columns with a plain
    /// input, even with a pointer to help after it when there is no suggestion.
    static func line(for error: DurationSyntaxError) -> String {
        let problem =
            switch error.reason {
            case .empty: "it is empty"
            case .zero: "it is zero"
            case .negative: "it is negative"
            case .unknownUnit(let unit): "unknown unit \(unit.quotedForMessage)"
            case .missingUnit(let number): "\(number.quotedForMessage) has no unit"
            case .unitOutOfOrder: "units go largest first, each once"
            case .tooLong: "it is longer than 100 years"
            case .partOutOfRange(let part): "\(part.quotedForMessage) is not below 60"
            case .malformed: "try 90s, 5min, 1h30m or 1:30"
            }
        let hint = error.suggestion.map { "; did you mean \($0.quotedForMessage)?" } ?? ""
        return "invalid duration \(error.input.quotedForMessage): \(problem)\(hint)"
    }

    /// The name rule, as a message puts it after "use" and the help after "NAME is".
    static let nameRule =
        "1 to \(StopwatchName.maximumLength) ASCII letters, digits, '.', '_' or '-', not starting with '.' or '-'"
}
