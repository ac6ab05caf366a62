import StopwatchCore

/// `stopwatch cycle [NAME] [LABEL=DURATION...]`: creates a cycle of phases and starts it; with no
/// phases, the classic pomodoro.
public struct CycleCommand: ToolCommand {
    static let commandName: CommandName = "cycle"

    public var name: StopwatchName
    public var sequence: PhaseSequence
    /// Replace a cycle in use, or a stopwatch or countdown of that name (and a saved plan).
    public var replacing: Bool
    public var json: Bool
    /// What it does at each edge: a notification, a command.
    public var hook: ExpiryHook?
    /// `--plan NAME`: the phases are a saved plan's, read when it runs.
    public var plan: StopwatchName?
    /// With `plan`, the plan options typed, which take the place of the plan's own of those names.
    public var overrides: [CommandLineForm.Option] = []
    /// `--save NAME`: the plan as typed, saved under that name once the cycle has started.
    public var save: SavedPlan?
    /// The run's tags (`--tag`), sorted; with `plan`, the plan's unless typed.
    public var tags: [String] = []
    /// What it does with the time the machine sleeps (`--away`); nil for a cycle's default (drop),
    /// or with `plan`, the plan's.
    public var away: AwayPolicy?

    /// A plan to save: its name, and its words as typed.
    public struct SavedPlan: Sendable, Hashable {
        public var name: StopwatchName
        public var words: [String]
    }

    /// Then watch it live (`--watch`).
    public var watch = false

    public init(
        name: StopwatchName = .cycle, sequence: PhaseSequence = .pomodoro, replacing: Bool = false, json: Bool = false,
        hook: ExpiryHook? = nil,
        plan: StopwatchName? = nil, save: SavedPlan? = nil
    ) {
        self.name = name
        self.sequence = sequence
        self.replacing = replacing
        self.json = json
        self.hook = hook
        self.plan = plan
        self.save = save
    }

    /// The options that make a plan, with the phases: what a saved plan holds. All that shape a
    /// cycle, its hooks and its tags.
    static let planOptions: [OptionName] = [
        .rounds, .long, .longEvery, .waitBefore, .warn, .notify, .exec, .tag, .away,
    ]

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "start a cycle of phases: a pomodoro, or your own",
            usage: [
                "[NAME] [LABEL=DURATION...] [--rounds N] [--long LABEL=DURATION] [--long-every N] [--wait-before LABEL,...] [--warn DURATION] [--away POLICY] [--save PLAN] [--notify] [--exec COMMAND] [--force] [--watch | --json]",
                "[NAME] --plan PLAN [--notify] [--exec COMMAND] [--force] [--json]",
            ],
            discussion: [
                "Create a cycle and start it: phases that follow each other, each with a label and a duration, a round of them repeated --rounds times or until stopped. With no phases it is the classic pomodoro: work=25m break=5m, and long-break=15m in place of every fourth break, until stopped; give the phases to change their lengths or labels.",
                "Which phase a cycle is in follows from its elapsed time, so it keeps its place across shells and reboots, with no process of ours running. While nobody is at the machine (it sleeps, the screen is locked, no input past the desktop's idle delay) a cycle stands still, as a pomodoro does not run while you sleep, and picks up where it was; --away keep counts that time instead, as a countdown does. Either way 'status' and 'history' tell it apart, as away time, with its cause. status, list, watch, the templates ({phase}, {phase_index}, {phase_left}, {next}) and the status bars show the phase; pause, resume, toggle, reset (back to the first phase), restart, lap and delete work on the whole cycle. 'stopwatch next' ends the phase now and begins the next, which skips the rest of a break. A cycle of so many rounds ends as a countdown does: wait waits for its end, and it shows as expired until dismissed.",
                "By default the next phase begins at the edge. With --wait-before LABEL (a comma-separated list for more), the phases of that label wait for a person instead: the phase before one ends, the cycle shows how long it has waited as overtime ('work 2/8 00:12.34 over'), and 'stopwatch next' begins it. --wait-before break waits before each break, --wait-before work after each.",
                "With --save PLAN, the phases and the options that shape them (--rounds, --long, --long-every, --wait-before, --warn, --notify, --exec, --tag, --away) are saved as the plan PLAN, and 'stopwatch cycle [NAME] --plan PLAN' starts a cycle of it again later. A plan is a text file, plans/PLAN.plan in the state directory, holding those words as typed; edit it at will. A plan saved already is replaced only with --force. With --plan, --save PLAN saves that plan as it runs (the options typed in place of its own) under another name.",
                "With --notify, each edge (a phase's end) is announced by a desktop and a terminal notification (where the notification server shows actions, with 'Next', as 'stopwatch next NAME', and '+5 min' for the phase begun, as 'stopwatch timer NAME --add 5m'; 'Dismiss' at the cycle's end); with --exec COMMAND, COMMAND runs at each edge through /bin/sh -c, detached, with STOPWATCH_NAME, STOPWATCH_PHASE_ENDED and STOPWATCH_PHASE_ENDED_NUMBER (the phase that ended), STOPWATCH_PHASE and STOPWATCH_PHASE_NUMBER (the one that begins; empty at the end), STOPWATCH_PHASE_COUNT (empty until stopped) and STOPWATCH_EDGE (phase, or end) in its environment. Both are kept with the cycle and done by a waiter in the background, once for each edge, however the command that set them ended. A waiter gone (a reboot, a kill) is started again by the next command that reads the cycle (status, list, watch, a bar's --follow) or sets it going, and the edges passed meanwhile are done then, the latest 16 at most, the first of them told how many were skipped in STOPWATCH_EDGES_SKIPPED (those a waiter killed mid-way lost included). 'next' is an edge too. With --warn DURATION, they are done that long before each phase's end too, with STOPWATCH_EDGE=warning and STOPWATCH_PHASE_ENDED naming the phase about to end (a phase no longer than the warning gets none).",
                "A label is 1 to 32 ASCII letters, digits, '-' and '_', starting with a letter; a duration is written as for timer. A name in use by a running or paused cycle, or by a stopwatch or countdown, is refused (exit 1) unless --force.",
            ],
            arguments: [
                ArgumentSpec("NAME", .stopwatchName, optional: true, help: "the cycle (default: cycle)"),
                ArgumentSpec(
                    "LABEL=DURATION", .phase, optional: true, repeating: true,
                    help: "a phase of the round, in order: work=25m"),
            ],
            options: [
                OptionSpec(.rounds, value: ValueSpec("N", .count), help: "how many rounds (default: until stopped)"),
                OptionSpec(
                    .long, value: ValueSpec("LABEL=DURATION", .phase),
                    help: "a phase in place of the last one of every --long-every'th round"),
                OptionSpec(
                    .longEvery, value: ValueSpec("N", .count), help: "how often the long phase comes (default: 4)"),
                OptionSpec(
                    .waitBefore, value: ValueSpec("LABEL,...", .phaseLabelList),
                    help: "the phases that wait for 'stopwatch next' to begin, rather than beginning at the edge"),
                OptionSpec(
                    .warn, value: ValueSpec("DURATION", .duration),
                    help: "with --notify or --exec, also warn this long before each phase ends"),
                OptionSpec(
                    .save, value: ValueSpec("PLAN", .text),
                    help: "save the phases and their options, hooks and tags as a plan of that name"),
                OptionSpec(
                    .plan, value: ValueSpec("PLAN", .planName),
                    help:
                        "the phases and options of a saved plan ('list --plans' lists them); options typed take the place of its own"
                ),
                OptionSpec(
                    .notify,
                    help: "notify at each edge (the desktop's notification server, the terminal), from the background"),
                OptionSpec(
                    .exec, value: ValueSpec("COMMAND", .text),
                    help:
                        "at each edge, run COMMAND with /bin/sh -c, detached, with the phases in STOPWATCH_PHASE_ENDED, STOPWATCH_PHASE and the rest"
                ),
                OptionSpec(.force, help: "replace a cycle in use, or a stopwatch or countdown of that name"),
                CommandCatalog.tagOption,
                CommandCatalog.awayOption,
                OptionSpec(.watch, help: "then show it live, as 'watch' does"),
                OptionSpec(.json, help: "print the cycle as JSON, as 'status --json' does"),
            ],
            examples: [
                .init("stopwatch cycle", "focus: the classic pomodoro, named cycle"),
                .init("stopwatch cycle deep work=50m rest=10m --rounds 3", "three rounds of 50 and 10 minutes"),
                .init(
                    "stopwatch cycle work=30m break=5m --long long-break=20m --long-every 3", "a pomodoro of your own"),
                .init("stopwatch cycle --wait-before work", "breaks end when you say so: 'stopwatch next'"),
                .init(
                    "stopwatch cycle work=90m rest=20m --rounds 2 --save deep",
                    "and tomorrow: stopwatch cycle --plan deep"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        var name: StopwatchName?
        var phaseWords: [String] = []
        for (index, word) in arguments.positionals.enumerated() {
            if word.contains("="), !arguments.form.isLiteral(index) {
                phaseWords.append(word)
            } else {
                // A second word that is no phase was meant as one: `work5m`, `25m`.
                guard name == nil else { throw arguments.error(.phaseNeedsLabel(word)) }
                // A duration where the name goes was meant as a phase's: `cycle 50m`.
                if !arguments.form.isLiteral(index), (try? DurationSyntax.parse(word)) != nil {
                    var positionals = arguments.positionals
                    positionals[index] = PhaseSequence.pomodoro.phase(0).label + "=" + word
                    let literal = arguments.form.with(
                        positionals: positionals.enumerated().filter { $0.offset != index }.map(\.element) + [word],
                        literalFrom: arguments.positionals.count - 1)
                    throw arguments.error(
                        .durationAsCycleName(
                            word, phase: arguments.form.with(positionals: positionals), literal: literal))
                }
                name = try arguments.validName(word)
            }
        }
        let hook = ExpiryHook(notify: arguments.flag(.notify), exec: arguments.value(.exec))
        if arguments.flag(.json), arguments.flag(.watch) { throw arguments.error(.jsonAndWatch) }
        if let text = arguments.value(.plan) {
            let plan = try arguments.validPlanName(text)
            if let word = phaseWords.first { throw arguments.error(.planWithPhases(word)) }
            // The plan options typed are checked now, as far as they can be without the plan's phases.
            _ = try Self.count(.rounds, arguments)
            _ = try Self.count(.longEvery, arguments)
            if let long = arguments.value(.long) { _ = try Self.phase(long, arguments) }
            if let warn = arguments.value(.warn) {
                do {
                    _ = try DurationSyntax.parse(warn)
                } catch {
                    throw arguments.error(.invalidDuration(error))
                }
            }
            // `--save` beside `--plan`: the plan as it runs (with the options typed) under another name.
            let save = try arguments.value(.save).map { text throws(UsageError) in
                SavedPlan(name: try arguments.validPlanName(text), words: [])
            }
            self.init(
                name: name ?? .cycle, replacing: arguments.flag(.force), json: arguments.flag(.json), hook: hook,
                plan: plan, save: save)
            overrides = arguments.form.options.filter { Self.planOptions.contains($0.name) }
            tags = try arguments.tags()
            away = arguments.choice(.away, as: AwayPolicy.self)
            watch = arguments.flag(.watch)
            return
        }
        // A warning with nothing to warn through did nothing, silently.
        if arguments.flag(.warn), hook == nil, !arguments.flag(.save) {
            throw arguments.error(.warnNeedsHook(arguments.form.setting(.notify)))
        }
        let sequence = try Self.sequence(phaseWords, arguments)
        let save = try arguments.value(.save).map { text throws(UsageError) in
            let options = arguments.form.options.filter { Self.planOptions.contains($0.name) }
            return SavedPlan(name: try arguments.validPlanName(text), words: phaseWords + Self.typedWords(of: options))
        }
        self.init(
            name: name ?? .cycle, sequence: sequence, replacing: arguments.flag(.force), json: arguments.flag(.json),
            hook: hook, save: save)
        tags = try arguments.tags()
        away = arguments.choice(.away, as: AwayPolicy.self)
        watch = arguments.flag(.watch)
    }

    /// The sequence the phases and plan options of `arguments` make: the pomodoro's, changed by
    /// them, when no phase is given.
    static func sequence(_ phaseWords: [String], _ arguments: ParsedArguments) throws(UsageError) -> PhaseSequence {
        var phases: [Phase] = []
        for word in phaseWords { phases.append(try Self.phase(word, arguments)) }
        guard phases.count <= PhaseSequence.maximumPhases else { throw arguments.error(.tooManyPhases) }
        let rounds = try Self.count(.rounds, arguments)
        let long = try arguments.value(.long).map { text throws(UsageError) in try Self.phase(text, arguments) }
        let every = try Self.count(.longEvery, arguments)
        var sequence = PhaseSequence.pomodoro
        if !phases.isEmpty {
            if every != nil, long == nil { throw arguments.error(.everyNeedsLong) }
            sequence = PhaseSequence(phases: phases, long: nil)
            sequence.long = long
            sequence.longEvery = every ?? (long == nil ? 1 : 4)
        } else {
            if let long { sequence.long = long }
            if let every { sequence.longEvery = every }
        }
        sequence.rounds = rounds
        if let text = arguments.value(.waitBefore) {
            let labels = sequence.phases.map(\.label) + (sequence.long.map { [$0.label] } ?? [])
            for label in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                guard labels.contains(label) else { throw arguments.error(.noSuchPhase(label, labels: labels)) }
                if !sequence.waitsBefore.contains(label) { sequence.waitsBefore.append(label) }
            }
        }
        if let text = arguments.value(.warn) {
            do {
                sequence.warningMicroseconds = try DurationSyntax.parse(text).wholeMicroseconds
            } catch {
                throw arguments.error(.invalidDuration(error))
            }
        }
        return sequence
    }

    /// The sequence a saved plan's `text` makes, read as `cycle`'s phases and plan options; a word
    /// it refuses is the plan's fault, at `path`.
    static func sequence(ofPlan text: String, at path: String) throws -> PhaseSequence {
        try plan(ofText: text, at: path).sequence
    }

    /// What a saved plan's `text` makes: its sequence, hook, tags and away policy, with `overrides` (options
    /// typed beside `--plan`) in place of the plan's own of those names. A word it refuses is the
    /// plan's fault, at `path`.
    static func plan(ofText text: String, at path: String, overriding overrides: [CommandLineForm.Option] = []) throws
        -> (sequence: PhaseSequence, hook: ExpiryHook?, tags: [String], away: AwayPolicy?)
    {
        let words = try words(ofPlan: text, at: path, overriding: overrides)
        func bad(_ error: UsageError) -> StoreFailure {
            StoreFailure(.invalidData, path: path, reason: .badPlan(MessageMapper.sentence(for: error.reason)))
        }
        do throws(UsageError) {
            let arguments = try ParsedArguments(words, for: declaration)
            if let word = arguments.positionals.first(where: { !$0.contains("=") }) {
                throw arguments.error(.phaseNeedsLabel(word))
            }
            if let other = arguments.form.options.first(where: { !planOptions.contains($0.name) }) {
                throw arguments.error(.notInPlan(other.name))
            }
            let hook = ExpiryHook(notify: arguments.flag(.notify), exec: arguments.value(.exec))
            return (
                try sequence(arguments.positionals, arguments), hook, try arguments.tags(),
                arguments.choice(.away, as: AwayPolicy.self)
            )
        } catch {
            throw bad(error)
        }
    }

    /// A saved plan's words, with `overrides` in place of its own options of those names.
    static func words(ofPlan text: String, at path: String, overriding overrides: [CommandLineForm.Option] = [])
        throws -> [String]
    {
        let kept = PlanFileStore.words(of: text)
        return overrides.isEmpty ? kept : try withOverrides(kept, overrides, at: path)
    }

    /// The plan's words with the options `overrides` names taken out and `overrides` put after
    /// them (read first, so that a word of the plan's that is wrong is still its fault).
    private static func withOverrides(_ words: [String], _ overrides: [CommandLineForm.Option], at path: String) throws
        -> [String]
    {
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(words, for: declaration)
        } catch {
            throw StoreFailure(.invalidData, path: path, reason: .badPlan(MessageMapper.sentence(for: error.reason)))
        }
        let replaced = Set(overrides.map(\.name))
        // A hook typed is the hook: `--notify` typed leaves out the plan's `--exec` too, and the other way round.
        let hooks: Set<OptionName> = replaced.isDisjoint(with: [.notify, .exec]) ? [] : [.notify, .exec]
        let options = parsed.form.options.filter { !replaced.contains($0.name) && !hooks.contains($0.name) } + overrides
        return parsed.positionals + typedWords(of: options)
    }

    /// Options as words, as typed: a flag (`--notify`) one word, an option with a value two.
    private static func typedWords(of options: [CommandLineForm.Option]) -> [String] {
        options.flatMap { option in [option.name.rawValue] + (option.value.map { [$0] } ?? []) }
    }

    /// `LABEL=DURATION`, as typed, or the usage error that says what is wrong with it.
    private static func phase(_ word: String, _ arguments: ParsedArguments) throws(UsageError) -> Phase {
        guard let equals = word.firstIndex(of: "=") else { throw arguments.error(.phaseNeedsLabel(word)) }
        let label = String(word[..<equals])
        if let problem = Phase.problem(withLabel: label) { throw arguments.error(.invalidPhaseLabel(word, problem)) }
        // `work=25`: a bare number is seconds to a duration, and a phase of 25 seconds is never
        // what a person means by it.
        let length = word[word.index(after: equals)...]
        if !length.isEmpty, length.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
            let minutes = word + "m"
            let form = arguments.form
            let meant =
                form.positionals.contains(word)
                ? form.with(
                    positionals: form.positionals.map { $0 == word ? minutes : $0 }, literalFrom: form.literalFrom)
                : form.setting(.long, minutes)
            throw arguments.error(.phaseNeedsUnit(word, minutes: meant))
        }
        do {
            return Phase(label, try DurationSyntax.parse(String(word[word.index(after: equals)...])))
        } catch {
            throw arguments.error(.invalidPhaseDuration(word, error))
        }
    }

    /// A whole number from 1 to `PhaseSequence.maximumRounds`, if the option was given.
    private static func count(_ option: OptionName, _ arguments: ParsedArguments) throws(UsageError) -> Int? {
        try arguments.count(option, maximum: PhaseSequence.maximumRounds)
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let container = try context.container()
        // Plans live in the state directory, which every container made from the environment has.
        var (sequence, hook, tags, away, save) = (self.sequence, self.hook, self.tags, self.away, self.save)
        let plans = container.data.plans
        if plans == nil, plan != nil || save != nil { throw StoreFailure(.misconfigured, path: "", reason: .homeUnset) }
        if let plan, let plans {
            guard let text = try plans.load(plan) else {
                throw UsageError(
                    .noSuchPlan(plan.rawValue, saved: try plans.names().map(\.rawValue)), command: Self.commandName)
            }
            (sequence, hook, tags, away) = try Self.plan(
                ofText: text, at: plans.location(of: plan), overriding: overrides)
            save?.words = try Self.words(ofPlan: text, at: plans.location(of: plan), overriding: overrides)
        }
        if let save, let plans, !replacing, try plans.load(save.name) != nil {
            throw UsageError(.planExists(save.name.rawValue), command: Self.commandName)
        }
        try context.perform(
            .startPlan(.sequence(sequence), replacing: replacing, hook: hook, tags: tags, away: away), on: name,
            showing: watch ? nil : json ? .json : .line)
        // Once it started: a refusal is one line, and says nothing of notifying.
        if hook?.notify == true, !container.expiryNotifier.canNotify {
            container.presentation.messages.writeMessage(MessageMapper.line(for: .notificationUnavailable(name)))
        }
        if let save, let plans {
            try plans.save(
                save.name,
                text: "# stopwatch cycle [NAME] --plan \(save.name): the phases and options, as typed\n"
                    + PlanFileStore.text(of: save.words) + "\n")
        }
        return watch ? WatchSession(name: name, container: container).run() : .success
    }
}
