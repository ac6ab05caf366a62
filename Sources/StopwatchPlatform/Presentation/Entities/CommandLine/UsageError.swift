import StopwatchCore

/// A command line that cannot be run as typed: the reason, as facts, and the command whose help
/// it points to. `MessageMapper` writes its line; a suggested command in a reason is a
/// `CommandLineForm` made from what was typed.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        // Before a command.
        case unknownCommand(String, closest: CommandName?)
        /// A stopwatch's name where the command belongs, as in `stopwatch tea`.
        case stopwatchWhereCommandBelongs(StopwatchName)
        /// `stopwatch build start`: a name, then a command; the suggestion swaps them.
        case nameBeforeCommand(String, suggestion: CommandLineForm)
        /// `stop`, which people type for `pause` or `reset`; `pause`, the command with what was
        /// typed after `stop` (`stop build`), where that parses.
        case noStop(pause: CommandLineForm?)
        /// A word another tool uses for one of ours (`cancel build`, `rm tea`), with the rest typed
        /// after it: the command meant, which parses.
        case commandMeant(String, suggestion: CommandLineForm)
        /// An option where the command belongs.
        case optionBeforeCommand(String, closest: OptionName?)
        /// `--version` with more after it.
        case takesNoArguments(OptionName)

        // Options.
        case unknownOption(String, closest: OptionName?)
        case optionTakesNoValue(OptionName)
        case optionNeedsValue(OptionName, placeholder: String)
        case optionGivenTwice(OptionName)
        /// A value outside an option's (or argument's) declared choices.
        case unknownChoice(String, option: OptionName?, placeholder: String, choices: [String], closest: String?)
        /// Two options asking for different output formats, as typed: `'--json'`, `'--format ms'`.
        case conflictingFormats(String, String)
        case exclusiveOptions(OptionName, OptionName)
        /// `report --by phase,cause`: a run's time is split one way or the other; the suggestion
        /// groups by cause without phase.
        case phaseAndCause(suggestion: CommandLineForm)

        // Arguments.
        /// An argument to a command that takes none.
        case unexpectedArgument(String)
        /// A second name to a command that takes one.
        case extraName(String)
        case tooManyTopics
        /// `completions` without a shell; `shells` are those it knows.
        case missingShell(shells: [String])
        case invalidName(String)
        /// A saved plan's name (`--save`, `--plan`) that is none: the same rule as a stopwatch's.
        case invalidPlanName(String)
        /// `cycle --warn` with no `--notify` or `--exec` to warn through (nor `--save`, which
        /// keeps it for later): the command with `--notify`.
        case warnNeedsHook(CommandLineForm)
        case invalidLabel(problem: LabelProblem)
        case deleteNeedsNames
        case expiredTakesNoNames
        /// `watch --all NAME`; the suggestion watches that one.
        case allTakesNoName(suggestion: CommandLineForm)
        /// `toggle --shown NAME`; the suggestion toggles that one.
        case shownTakesNoName(String, suggestion: CommandLineForm)

        // Countdowns.
        case missingDuration
        case invalidDuration(DurationSyntaxError)
        /// A `--format` template that names no field, or has a brace alone.
        case invalidTemplate(String, TemplateProblem)
        /// A time of day that does not parse, as typed, for `option` (`--until`, `--at`; nil for
        /// an argument, `track`'s).
        case invalidTime(OptionName?, String)
        /// `--ago` and `--at` together, as typed.
        case agoAndAt
        /// `timer 5m --until 17:30`: either, as typed.
        case durationAndUntil(withDuration: CommandLineForm, withUntil: CommandLineForm)
        /// `timer tea 5m`: the duration after the name.
        case durationComesFirst(suggestion: CommandLineForm)
        /// `timer -- 5m tea`: after `--` every word is a name, so the duration `word` was taken
        /// for one; the suggestion puts it before `--`.
        case durationAfterDoubleDash(String, suggestion: CommandLineForm)
        /// `timer 5 min`, `timer 10s m`: a word that reads as a unit or a duration where the name
        /// belongs. `joined` writes the duration as one word, when that is one; `literal` names
        /// the countdown with that word after `--`, when that is all that is left.
        case splitDuration(word: String, isUnit: Bool, joined: CommandLineForm?, literal: CommandLineForm?)
        case jsonAndWatch
        /// `--add` with an option only creating a countdown takes.
        case addCreatesNothing(OptionName)
        /// `timer 5m --add 1m`: a duration where the countdown's name belongs.
        case addNeedsName(String)
        /// `timer tea +2m`: a signed duration is a change, `--add`'s, for a countdown that exists.
        case signedDuration(SignedDuration)

        // Cycles.
        /// A phase that is not `LABEL=DURATION`, as typed.
        case phaseNeedsLabel(String)
        /// `cycle 50m`: a name that reads as a duration, meant as a phase's (`phase`, the command
        /// with the pomodoro's first label given it) or as a name after `--` (`literal`).
        case durationAsCycleName(String, phase: CommandLineForm, literal: CommandLineForm)
        case invalidPhaseLabel(String, Phase.LabelProblem)
        /// A phase's length without a unit (`work=25`), as typed; `minutes` the command with it
        /// in minutes.
        case phaseNeedsUnit(String, minutes: CommandLineForm)
        /// A phase's duration that does not parse; the word is the whole phase, as typed.
        case invalidPhaseDuration(String, DurationSyntaxError)
        case tooManyPhases
        /// A count (`--rounds`, `--long-every`) that is not a whole number from 1 to `maximum`.
        case invalidCount(OptionName, String, maximum: Int)
        /// `--long-every` without `--long`.
        case everyNeedsLong
        /// `--wait-before LABEL` naming no phase of the cycle; `labels` are its phases'.
        case noSuchPhase(String, labels: [String])
        /// `--plan` with a phase or a plan option (as typed): the plan has its own.
        case planWithPhases(String)
        /// `--plan NAME` with no plan saved of that name; `saved` are those there are.
        case noSuchPlan(String, saved: [String])
        /// `--save NAME` over a plan saved already, without `--force`.
        case planExists(String)
        /// An option a saved plan may not hold.
        case notInPlan(OptionName)

        // History.
        /// A `--since` or `--until` value that names no day, as typed.
        /// A day `--since` or `--until` does not read; `meant` the command with the day it
        /// probably was (`7d` for `-7d`, days back).
        case invalidDay(OptionName, String, meant: CommandLineForm? = nil)
        /// A tag that breaks the rule of `Tag`, as typed.
        case invalidTag(String)
        /// More tags than `Tag.maximumCount` to one `--tag`; how many were given.
        case tooManyTags(Int)
        /// `track` without its two times, or with the same time twice.
        case trackNeedsTimes
        /// A field of today's total (`{today_s}`) in a template that cannot show it: `list`'s, or
        /// one `--follow` would show again and again.
        case todayFieldElsewhere(String)
        /// `goal` words that say no goal (a bare number, a count not followed by `pomodoros`): the
        /// forms meant, built from what was typed: as hours and as pomodoros when it was a number.
        case notAGoal(String, hours: CommandLineForm?, pomodoros: CommandLineForm?)
        /// A goal's time longer than its period, as typed; `week` the command as a week's goal,
        /// where one fits.
        case goalTooLong(String, Goal.Period, week: CommandLineForm?)
        case emptyBlock(String)
        /// `edit` with nothing to change.
        case nothingToEdit
        /// `remove`, `split` or `join` without the runs it needs.
        case missingRun
        /// A RUN that is neither an id's digits nor a name.
        case invalidRun(String)
        /// `--since` later than `--until`, as typed; the suggestion swaps them.
        case reversedRange(since: String, until: String, suggestion: CommandLineForm)

        // run and stamp.
        case runNeedsCommand
        case labelNeedsName
        case quietExcludesFormats

        // Following.
        /// `status --follow` in a format that changes every millisecond (`'--format ms'`, as
        /// typed); the suggestion follows whole seconds instead.
        case followNeedsLineFormat(String, suggestion: CommandLineForm)
        /// `list --follow` without `--format`; the suggestion adds one.
        case followNeedsFormat(suggestion: CommandLineForm)
        /// `stamp --since` with a `--format` of the time of day (`format`, as typed).
        case sinceWithTimeOfDay(format: String)
    }

    public var reason: Reason
    /// The command whose help the message points to, if it got that far.
    public var command: CommandName?

    public init(_ reason: Reason, command: CommandName? = nil) {
        self.reason = reason
        self.command = command
    }

    /// The word typed where a command belongs, when it is no command: the runner checks whether it
    /// names a stopwatch, to suggest `stopwatch status WORD`.
    public var unknownCommand: String? {
        if command == nil, case .unknownCommand(let word, _) = reason { return word }
        return nil
    }

    /// The line without the pointer to help.
    public var message: String { MessageMapper.sentence(for: reason) }

    public var description: String { MessageMapper.line(for: self) }
}

/// A signed duration where `timer` takes a duration (`timer +5m tea`, `timer + 1m`): the commands
/// that may have been meant, to choose from once the countdowns there are are known.
public struct SignedDuration: Sendable, Hashable {
    public init(name: StopwatchName?, add: CommandLineForm, create: CommandLineForm, typed: String? = nil) {
        self.name = name
        self.add = add
        self.create = create
        self.typed = typed
    }

    /// The signed duration as typed (`-5s`, `+5s`), which the message quotes.
    public var typed: String?

    /// The name typed, if any.
    public var name: StopwatchName?
    /// The countdowns there are, once the runner has read them (`CommandRunner`); nil until
    /// then, or when they cannot be read.
    public var countdowns: [StopwatchName]?
    /// `timer NAME --add ±DURATION`, the options `--add` refuses left out: for a countdown that
    /// exists (the default's name taken when none was typed).
    public var add: CommandLineForm
    /// `timer DURATION [NAME]`: a countdown made, for a name no countdown has.
    public var create: CommandLineForm

    /// The command to suggest given the countdowns there are (nil when they cannot be told):
    /// time given to the one named, or to the default (`timer`) or the only one; else the one
    /// named or the default made.
    public var suggestion: (form: CommandLineForm, creates: Bool) {
        guard let countdowns else { return (add, false) }
        if let name { return countdowns.contains(name) ? (add, false) : (create, true) }
        if countdowns.contains(.timer) { return (add, false) }
        if let only = countdowns.first {
            var named = add
            named.positionals = [only.rawValue] + named.positionals
            return (named, false)
        }
        return (create, true)
    }
}
