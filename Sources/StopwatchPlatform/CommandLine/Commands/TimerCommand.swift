import StopwatchCore

/// `stopwatch timer DURATION [NAME]`: creates a countdown and starts it (`--until` for a time of
/// day), with what it does at zero; with `--add`, gives one more time or less instead.
public struct TimerCommand: ToolCommand {
    static let commandName = CommandName.timer

    public var name: StopwatchName
    public var change: Change
    /// Then watch it live.
    public var watch: Bool
    public var json: Bool
    public var notify: Bool
    public var exec: String?
    /// The countdown's tags (`--tag`), sorted.
    public var tags: [String] = []
    /// What it does with the time the machine sleeps (`--away`); nil for a countdown's default
    /// (keep).
    public var away: AwayPolicy?

    /// What `timer` does to the countdown.
    public enum Change: Sendable, Hashable {
        /// Create it (with `replacing`, replace one in use) and start it.
        case create(CountdownLength, replacing: Bool = false)
        /// `--add [-]DURATION`: more time, or less.
        case add(Duration)
    }

    public init(
        name: StopwatchName = .timer, change: Change, watch: Bool = false, json: Bool = false, notify: Bool = false,
        exec: String? = nil
    ) {
        self.name = name
        self.change = change
        self.watch = watch
        self.json = json
        self.notify = notify
        self.exec = exec
    }

    static var declaration: CommandSpec {
        CommandSpec(
            commandName, summary: "create and start a countdown",
            usage: [
                "DURATION [NAME] [--force] [--notify] [--exec COMMAND] [--away POLICY] [--watch | --json]",
                "--until HH:MM[:SS] [NAME] [--force] [--notify] [--exec COMMAND] [--away POLICY] [--watch | --json]",
                "[NAME] --add [-]DURATION [--notify] [--exec COMMAND] [--watch | --json]",
            ],
            discussion: [
                "Create a countdown and start it. pause, resume, reset (back to the full duration), restart, status, lap, list, delete, watch and wait work on it, and it counts on the same clocks as a stopwatch: right through suspend and wall-clock changes. While nobody is at the machine (it sleeps, the screen is locked, no input past the desktop's idle delay) it runs on, as a countdown to a train should; --away drop makes it stand still through that instead, its zero moving with it (nothing rings while you are away). Either way 'status' and 'history' tell it apart, as away time, with its cause.",
                "A name is reusable: a countdown that has expired, or was reset, is replaced. One with time left, or a stopwatch, is refused (exit 1) unless --force. Write the duration as one word (5min, 1h30m): a NAME that reads as a duration or a unit is refused, unless it comes after '--', where every word is a name (stopwatch timer 10s -- m).",
                "With --notify, the expiry is announced by a desktop notification (sent to the notification server over the session bus, when one answers) and a terminal one (OSC 9 and OSC 777, when standard output is a terminal); timer says at once when neither will be there. Where the notification server shows actions, the notification at zero offers '+5 min' (as 'stopwatch timer NAME --add 5m': five minutes from the answer, notifying again at the new zero) and 'Dismiss' (as 'stopwatch dismiss NAME'), carried out by the waiter in the background, which listens for the answer for an hour.",
                "With --exec COMMAND, COMMAND runs at zero through /bin/sh -c, detached (it survives the terminal closing and holds none of the caller's descriptors), with STOPWATCH_NAME, STOPWATCH_DURATION (25:00.00) and STOPWATCH_DURATION_MS in its environment. --notify and --exec combine.",
                "Both are kept with the countdown, and a waiter started in the background does them at zero, exactly once, however the command that set them ended (--watch quit early, the terminal closed). A countdown deleted before zero, or replaced, never does them (the replacement does its own); one paused, reset or given more time does them at its new zero. With --add, --exec replaces the countdown's command and --notify adds a notification.",
                "With --add, change a countdown that exists instead: its time left grows by DURATION, or shrinks by -DURATION, but never below zero (taking more than is left ends it now). A countdown already expired gets DURATION from now, its hook at zero armed again. It is done under the lock, so two processes adding at once both count; + and - do the same, by 10 s, in the live view.",
                "--add on a cycle changes the phase it is in by the same rule (stopwatch timer cycle --add 5m: five more minutes of work); the phases after it keep their lengths, and its hook runs at the phase's new end. A phase waiting for 'stopwatch next' that is given more time than it waited goes on.",
            ],
            arguments: [
                ArgumentSpec("DURATION", .duration, help: "how long it runs: 90, 90s, 5min, 1h30m, 1:30, ..."),
                ArgumentSpec("NAME", .countdownName, optional: true, help: "the countdown (default: timer)"),
            ],
            options: [
                OptionSpec(
                    .until, value: ValueSpec("HH:MM[:SS]", .timeOfDay),
                    help: "run until the next time local clocks show this (24-hour), instead of a duration"),
                OptionSpec(
                    .add, value: ValueSpec("[-]DURATION", .duration),
                    help:
                        "give the countdown NAME (a cycle: its phase) more time (or less, with -) instead of creating one"
                ),
                OptionSpec(.force, help: "replace a countdown with time left, or a stopwatch, of that name"),
                OptionSpec(.watch, help: "then show it live, as 'watch' does"),
                OptionSpec(
                    .notify,
                    help:
                        "notify when it expires (the desktop's notification server, the terminal), from the background"),
                CommandCatalog.execOption,
                CommandCatalog.tagOption,
                CommandCatalog.awayOption,
                OptionSpec(.json, help: "print the countdown as JSON, as 'status --json' does"),
            ],
            examples: [
                .init("stopwatch timer 25m tea", "tea: running 25:00.00 left of 25:00.00"),
                .init("stopwatch timer --until 17:30 meeting", "count down to half past five"),
                .init("stopwatch timer tea --add 2m", "tea: running 06:59.12 left of 07:00.00"),
            ]
        )
    }

    init(parsing arguments: inout ParsedArguments) throws(UsageError) {
        var builder = Builder(parsed: arguments)
        self = try builder.timer()
    }

    public func run(in context: CommandContext) throws -> ExitCode {
        let hook = ExpiryHook(notify: notify, exec: exec)
        let shown: StatusView.Format? =
            if watch { nil } else if json { .json } else if case .create(.until, _) = change { .lineUntil } else {
                .line
            }
        switch change {
        case .create(let length, let replacing):
            try context.perform(
                .startCountdown(length, replacing: replacing, hook: hook, tags: tags, away: away), on: name,
                showing: shown)
        case .add(let change): try context.perform(.addTime(change, hook: hook), on: name, showing: shown)
        }
        try armHook(hook, in: context.container())
        return watch ? WatchSession(name: name, container: try context.container()).run() : .success
    }

    /// After `--notify`: a note when it has no way to notify. (The background waiter that runs
    /// the stored hook at zero is kept by `perform`, as for every action: `WaitSession.keepHookWaiter`.)
    private func armHook(_ hook: ExpiryHook?, in container: DependencyContainer) {
        guard let hook, hook.notify, !container.expiryNotifier.canNotify else { return }
        container.presentation.messages.writeMessage(MessageMapper.line(for: .notificationUnavailable(name)))
    }

    /// Builds a `timer` from its parsed arguments: a duration and a name, with the command that
    /// was meant when the words were typed another way.
    private struct Builder {
        var parsed: ParsedArguments
        var form: CommandLineForm { parsed.form }

        private func flag(_ option: OptionName) -> Bool {
            parsed.flag(option)
        }

        private func error(_ reason: UsageError.Reason) -> UsageError {
            parsed.error(reason)
        }

        /// `timer DURATION [NAME]` or `timer --until HH:MM[:SS] [NAME]`. A duration split in two words
        /// (`timer 5 min`, `timer 1h 30m`) would leave half of it as the name, so without `--` a name
        /// that reads as a duration or a unit is refused, with the one word that was meant; after
        /// `--` a word is a name, always (`timer 10s -- m`).
        mutating func timer() throws(UsageError) -> TimerCommand {
            if let text = parsed.value(.add) { return try addTime(text) }
            let length: CountdownLength
            var dropped = 0
            if let text = parsed.value(.until) {
                guard let time = TimeOfDay(text) else { throw error(.invalidTime(.until, text)) }
                if let first = form.positionals.first, !form.isLiteral(0), Self.isDuration(first) {
                    throw error(
                        .durationAndUntil(
                            withDuration: form.removing(.until),
                            withUntil: form.with(positionals: Array(form.positionals.dropFirst()))))
                }
                length = .until(time)
            } else {
                guard let text = form.positionals.first, !form.isLiteral(0) else {
                    throw error(durationAfterDoubleDash() ?? .missingDuration)
                }
                do {
                    length = .duration(try DurationSyntax.parse(text))
                } catch {
                    throw self.error(misplacedDuration(failing: error))
                }
                try refuseSplitDuration()
                dropped = 1
            }
            // What is left is the name.
            parsed.form = form.with(
                positionals: Array(form.positionals.dropFirst(dropped)),
                literalFrom: form.literalFrom.map { $0 - dropped })
            if flag(.json), flag(.watch) { throw error(.jsonAndWatch) }
            var timer = TimerCommand(
                name: try parsed.name(default: .timer), change: .create(length, replacing: flag(.force)),
                watch: flag(.watch), json: flag(.json),
                notify: flag(.notify), exec: parsed.value(.exec)
            )
            timer.tags = try parsed.tags()
            timer.away = parsed.choice(.away, as: AwayPolicy.self)
            return timer
        }

        /// `timer -- 5m tea`, `timer -- -5s x`: a duration after `--`, where every word is a name.
        /// A signed one is `--add`'s, as anywhere; an unsigned one goes before `--` (the names after
        /// it stay there when they need it).
        private func durationAfterDoubleDash() -> UsageError.Reason? {
            let words = form.positionals
            if let signed = signedWithName() { return signed }
            guard let first = words.first, Self.isDuration(first) else { return nil }
            let rest = Array(words.dropFirst())
            let needsLiteral = rest.contains {
                Self.isDuration($0) || DurationSyntax.isUnit($0) || CommandLineForm.isOption($0)
            }
            return .durationAfterDoubleDash(
                first, suggestion: form.with(positionals: [first] + rest, literalFrom: needsLiteral ? 1 : nil))
        }

        /// `timer +2m tea`, `timer tea -- +2m`, `timer -2m`: a signed duration and at most a name,
        /// before or after `--`, which is `--add`'s.
        private func signedWithName() -> UsageError.Reason? {
            let words = form.positionals
            guard words.count <= 2, let index = words.firstIndex(where: Self.isSigned) else { return nil }
            let names = words.enumerated().filter { $0.offset != index }.map(\.element)
            guard names.allSatisfy({ StopwatchName($0) != nil }) else { return nil }
            return signedDuration(
                String(words[index].prefix(1)), String(words[index].dropFirst()), name: names, rest: [])
        }

        /// `+2m`, `-5s`: a sign, then a duration.
        private static func isSigned(_ word: String) -> Bool {
            (word.hasPrefix("+") || word.hasPrefix("-")) && isDuration(String(word.dropFirst()))
        }

        /// Why the first word of `timer` is no duration, with the command that was meant when the
        /// words can tell: the name typed first (`timer tea 5 min`), or a signed change (`timer tea
        /// +2m`, `timer + 1m`, `timer +2m tea`, `timer -2m`), which is `--add`'s.
        private func misplacedDuration(failing failure: DurationSyntaxError) -> UsageError.Reason {
            let words = form.positionals
            let unmarked = words.indices.prefix { !form.isLiteral($0) }.map { words[$0] }
            if let signed = signedWithName() { return signed }
            // `timer + 1m`, `timer - 1m`: the sign alone, for the countdown named `timer`.
            if let sign = unmarked.first, sign == "+" || sign == "-",
                let (joined, used) = Self.longestDuration(in: unmarked.dropFirst())
            {
                return signedDuration(sign, joined, name: [], rest: words.dropFirst(1 + used))
            }
            guard let first = unmarked.first, StopwatchName(first) != nil, unmarked.count >= 2 else {
                return .invalidDuration(failure)
            }
            // `timer tea +2m`: a name, then a signed duration.
            let second = unmarked[1]
            if second.hasPrefix("+") || second.hasPrefix("-"),
                let (joined, used) = Self.longestDuration(in: [String(second.dropFirst())] + unmarked.dropFirst(2))
            {
                return signedDuration(String(second.prefix(1)), joined, name: [first], rest: words.dropFirst(1 + used))
            }
            // `timer tea 5 min`: the name, then the duration.
            if let (joined, used) = Self.longestDuration(in: unmarked.dropFirst()) {
                return .durationComesFirst(
                    suggestion: form.with(positionals: [joined, first] + words.dropFirst(1 + used)))
            }
            return .invalidDuration(failure)
        }

        /// `timer [NAME] --add [-]DURATION` with the rest of what was typed: what a sign before a
        /// duration means.
        private func signedDuration(_ sign: String, _ duration: String, name: [String], rest: ArraySlice<String>)
            -> UsageError.Reason
        {
            // `--add` takes none of the options that only making one takes.
            var add = form.with(positionals: name + rest)
            add.options.removeAll { [.until, .force, .tag, .away].contains($0.name) }
            add.options.insert(.init(.add, sign == "-" ? "-" + duration : duration), at: 0)
            let create = form.with(positionals: [duration] + name + rest)
            return .signedDuration(
                SignedDuration(
                    name: name.first.flatMap(StopwatchName.init), add: add, create: create, typed: sign + duration))
        }

        /// Refuses `timer 5 min` and `timer 10s m`: a word after the duration that reads as a unit or a
        /// duration, and was not put after `--`.
        private func refuseSplitDuration() throws(UsageError) {
            let words = form.positionals
            guard words.count >= 2, !form.isLiteral(1) else { return }
            let second = words[1]
            let isUnit = DurationSyntax.isUnit(second)
            guard isUnit || Self.isDuration(second) else { return }
            let unmarked = words.indices.prefix { !form.isLiteral($0) }.map { words[$0] }
            var joined: CommandLineForm?
            if let (text, used) = Self.longestDuration(in: unmarked[...]), used >= 2 {
                joined = form.with(positionals: [text] + words.dropFirst(used))
            }
            // Named after `--`: only when that word is all that is left.
            let literal =
                words.count == 2 && StopwatchName(second) != nil ? form.with(positionals: words, literalFrom: 1) : nil
            throw error(.splitDuration(word: second, isUnit: isUnit, joined: joined, literal: literal))
        }

        /// The longest run of `words` from the first that reads as one duration when joined, and how
        /// many words it took.
        private static func longestDuration(in words: ArraySlice<String>) -> (text: String, count: Int)? {
            var best: (String, Int)?
            var text = ""
            for (count, word) in words.enumerated() {
                text += word
                if isDuration(text) { best = (text, count + 1) }
            }
            return best
        }

        private static func isDuration(_ text: String) -> Bool {
            (try? DurationSyntax.parse(text)) != nil
        }

        /// `timer [NAME] --add [-]DURATION`: the duration may carry a sign; the only argument is a name.
        private mutating func addTime(_ text: String) throws(UsageError) -> TimerCommand {
            for option in [OptionName.until, .force, .tag, .away] where flag(option) {
                throw error(.addCreatesNothing(option))
            }
            if let first = parsed.positionals.first, !form.isLiteral(0), Self.isDuration(first) {
                throw error(.addNeedsName(first))
            }
            let negative = text.hasPrefix("-")
            let magnitude = negative || text.hasPrefix("+") ? String(text.dropFirst()) : text
            let change: Duration
            do {
                change = try DurationSyntax.parse(magnitude)
            } catch {
                throw self.error(.invalidDuration(error))
            }
            if flag(.json), flag(.watch) { throw error(.jsonAndWatch) }
            return TimerCommand(
                name: try parsed.name(default: .timer), change: .add(negative ? .zero - change : change),
                watch: flag(.watch), json: flag(.json),
                notify: flag(.notify), exec: parsed.value(.exec)
            )
        }
    }
}
