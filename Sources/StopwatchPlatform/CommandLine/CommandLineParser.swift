import StopwatchCore

/// Parses the arguments after the program name into an `Invocation`.
///
/// The command comes first; `ParsedArguments` reads its options and arguments as `CommandCatalog`
/// declares them, and a builder here checks them against each other. `--help` anywhere before
/// `--` asks for that command's help. A mistyped command or option gets the closest real one
/// suggested; a slip in the arguments gets the command that was meant, made from what was typed.
public enum CommandLineParser {
    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let first = arguments.first else { return .run(.overview) }
        switch first {
        case OptionName.version.rawValue, CommandCatalog.versionOption.short:
            guard arguments.count == 1 else { throw UsageError(.takesNoArguments(.version)) }
            return .version
        case OptionName.help.rawValue, CommandCatalog.helpOption.short:
            return .help(nil)
        case WaitSession.hookArgument where arguments.count == 2:
            guard let name = StopwatchName(arguments[1]) else { throw UsageError(.invalidName(arguments[1])) }
            return .run(.waitForHook(name))
        case _ where first == OptionName.format.rawValue || first.hasPrefix(OptionName.format.rawValue + "="):
            // `stopwatch --format waybar`: what `stopwatch` alone shows, for a status bar.
            return try parse(["list"] + arguments)
        default:
            break
        }
        guard let command = CommandName(rawValue: first) else {
            // `stopwatch build start`: the name and the command swapped. The name goes last (before
            // any `--`), where every command takes it, and is suggested only if that parses.
            if arguments.count >= 2, StopwatchName(first) != nil, let command = CommandName(rawValue: arguments[1]), command != .help {
                var swapped = Array(arguments.dropFirst())
                swapped.insert(first, at: swapped.firstIndex(of: "--") ?? swapped.endIndex)
                if (try? parse(swapped)) != nil, let form = form(of: swapped) {
                    throw UsageError(.nameBeforeCommand(first, suggestion: form), command: command)
                }
            }
            throw unknownCommand(first)
        }
        let rest = arguments.dropFirst()
        // Before `--`, and for `run` before its command's first word: `run make --help` runs make.
        let ownWords = rest.prefix { word in
            word != "--" && (command != .run || rest.contains("--") || ParsedArguments.isOption(word))
        }
        if ownWords.contains(where: { $0 == OptionName.help.rawValue || $0 == CommandCatalog.helpOption.short }) {
            return .help(command)
        }
        var builder = Builder(try ParsedArguments(Array(rest), for: CommandCatalog.spec(command)))
        return try builder.invocation()
    }

    /// The typed form of `arguments` when they name a command and its options read, whether or not
    /// the rest is valid: what a message about the command builds its suggestion from.
    public static func form(of arguments: [String]) -> CommandLineForm? {
        guard let first = arguments.first, let command = CommandName(rawValue: first) else { return nil }
        return (try? ParsedArguments(Array(arguments.dropFirst()), for: CommandCatalog.spec(command)))?.form
    }

    static func unknownCommand(_ word: String) -> UsageError {
        if word == "stop" { return UsageError(.noStop) }
        if word.hasPrefix("-") {
            let closest = ClosestMatch.to(word, among: [OptionName.help.rawValue, OptionName.version.rawValue])
            return UsageError(.optionBeforeCommand(word, closest: closest.flatMap(OptionName.init(rawValue:))))
        }
        let closest = ClosestMatch.to(word, among: CommandName.allCases.map(\.rawValue))
        return UsageError(.unknownCommand(word, closest: closest.flatMap(CommandName.init(rawValue:))))
    }
}

/// Turns one command's parsed arguments into the `Command` they ask for.
private struct Builder {
    var parsed: ParsedArguments
    var command: CommandName { parsed.spec.name }
    var form: CommandLineForm { parsed.form }

    init(_ parsed: ParsedArguments) {
        self.parsed = parsed
    }

    mutating func invocation() throws(UsageError) -> Invocation {
        switch command {
        case .help:
            guard parsed.positionals.count <= 1 else { throw error(.tooManyTopics) }
            guard let topic = parsed.positionals.first else { return .help(nil) }
            guard let name = CommandName(rawValue: topic) else {
                var failure = CommandLineParser.unknownCommand(topic)
                failure.command = .help
                throw failure
            }
            return .help(name)
        case .start: return .run(.start(try name(), json: flag(.json)))
        case .restart: return .run(.restart(try name(), json: flag(.json)))
        case .pause: return .run(.pause(try name(), json: flag(.json)))
        case .resume: return .run(.resume(try name(), json: flag(.json)))
        case .toggle:
            guard flag(.shown) else { return .run(.toggle(try name(), json: flag(.json))) }
            if let extra = parsed.positionals.first { throw error(.shownTakesNoName(extra, suggestion: form.removing(.shown))) }
            return .run(.toggleShown(json: flag(.json)))
        case .reset: return .run(.reset(try name(), json: flag(.json)))
        case .dismiss:
            guard !parsed.positionals.isEmpty else { return .run(.dismissAll(json: flag(.json))) }
            return .run(.dismiss(try name(), json: flag(.json)))
        case .lap: return .run(.lap(try name(), label: try label(), json: flag(.json)))
        case .status:
            let (name, format) = (try name(), try statusFormat())
            if flag(.follow), format.followClock == nil {
                let typed = flag(.json) ? "'--json'" : "'--format \(parsed.value(.format) ?? "")'"
                throw error(.followNeedsLineFormat(typed, suggestion: form.removing(.json).setting(.format, "{text}")))
            }
            return .run(.status(name, format: format, follow: flag(.follow)))
        case .laps: return .run(.laps(try name(), format: try lapsFormat()))
        case .list:
            try noPositionals()
            guard !(flag(.json) && flag(.names)) else { throw error(.conflictingFormats("'--json'", "'--names'")) }
            if flag(.quiet) {
                for other in [OptionName.json, .names, .format, .follow] where flag(other) {
                    throw error(.conflictingFormats("'--quiet'", "'\(other.rawValue)'"))
                }
                return .run(.list(format: .quiet, countdownsOnly: flag(.countdowns)))
            }
            if let text = parsed.value(.format) {
                for other in [OptionName.json, .names, .countdowns] where flag(other) {
                    throw error(.conflictingFormats("'\(other.rawValue)'", "'--format \(text)'"))
                }
                return .run(.list(format: .pressing(try singleFormat(text)), follow: flag(.follow)))
            }
            if flag(.follow) {
                throw error(.followNeedsFormat(suggestion: form.removing(.json).removing(.names).removing(.countdowns).setting(.format, "{text}{more}")))
            }
            return .run(.list(format: flag(.json) ? .json : flag(.names) ? .names : .table, countdownsOnly: flag(.countdowns)))
        case .completions:
            guard parsed.positionals.count == 1, let text = parsed.positionals.first else { throw error(.missingShell(shells: CompletionScript.Shell.allCases.map(\.rawValue))) }
            guard let shell = CompletionScript.Shell(rawValue: text) else {
                let names = CompletionScript.Shell.allCases.map(\.rawValue)
                throw error(.unknownChoice(text, option: nil, placeholder: "shell", choices: names, closest: ClosestMatch.to(text, among: names)))
            }
            return .completions(shell)
        case .manual:
            try noPositionals()
            return .manual
        case .delete: return .run(.delete(try deletion()))
        case .watch:
            guard flag(.all) else { return .run(.watch(try name(), notify: flag(.notify))) }
            if !parsed.positionals.isEmpty {
                throw error(.allTakesNoName(suggestion: form.removing(.all)))
            }
            return .run(.watchAll(notify: flag(.notify)))
        case .wait: return .run(.wait(try name(default: .timer), notify: flag(.notify), exec: parsed.value(.exec)))
        case .timer: return .run(try timer())
        case .run: return .run(.run(try timedRun()))
        case .stamp: return .run(try stamp())
        }
    }

    private func flag(_ option: OptionName) -> Bool {
        parsed.flag(option)
    }

    private func noPositionals() throws(UsageError) {
        guard let extra = parsed.positionals.first else { return }
        throw error(.unexpectedArgument(extra))
    }

    private func name(default defaultName: StopwatchName = .default) throws(UsageError) -> StopwatchName {
        guard parsed.positionals.count <= 1 else { throw error(.extraName(parsed.positionals[1])) }
        return try parsed.positionals.first.map(validName) ?? defaultName
    }

    private func validName(_ text: String) throws(UsageError) -> StopwatchName {
        guard let name = StopwatchName(text) else { throw error(.invalidName(text)) }
        return name
    }

    private func label() throws(UsageError) -> String? {
        guard let label = parsed.value(.label) else { return nil }
        if let problem = Lap.problem(withLabel: label) { throw error(.invalidLabel(problem: problem)) }
        return label
    }

    /// `--json`, or `--format` as the same thing, never two different formats.
    private func format<Choice: DeclaredChoice>(_ type: Choice.Type, json: Choice) throws(UsageError) -> Choice? {
        let chosen = parsed.choice(.format, as: type)
        guard flag(.json) else { return chosen }
        if let chosen, chosen != json { throw error(.conflictingFormats("'--json'", "'--format \(chosen.rawValue)'")) }
        return json
    }

    /// A `--format` template, or the usage error that says what is wrong with it.
    private func template(_ text: String) throws(UsageError) -> StatusTemplate {
        do {
            return try StatusTemplate(parsing: text)
        } catch {
            throw self.error(.invalidTemplate(text, error))
        }
    }

    /// `list --format`: a template, or a bar's format by name.
    private func singleFormat(_ text: String) throws(UsageError) -> StatusView.Format {
        if StatusTemplate.isTemplate(text) { return .template(try template(text)) }
        guard let bar = parsed.choice(.format, as: StatusBarFormat.self) else { return .line }
        return .bar(bar)
    }

    private func statusFormat() throws(UsageError) -> StatusView.Format {
        if let text = parsed.value(.format), StatusTemplate.isTemplate(text) {
            guard !flag(.json) else { throw error(.conflictingFormats("'--json'", "'--format \(text)'")) }
            return .template(try template(text))
        }
        // A bar's format is the bar's own type, as for `list --format`.
        if let bar = parsed.choice(.format, as: StatusBarFormat.self) {
            guard !flag(.json) else { throw error(.conflictingFormats("'--json'", "'--format \(bar.rawValue)'")) }
            return .bar(bar)
        }
        return switch try format(StatusFormatChoice.self, json: .json) {
        case nil, .human: .line
        case .ms: .milliseconds
        case .s: .seconds
        case .json: .json
        }
    }

    /// `laps --format table|csv|json`, with `--csv` and `--json` as its aliases.
    private func lapsFormat() throws(UsageError) -> LapsView.Format {
        let aliases = [(OptionName.json, LapsView.Format.json), (.csv, .csv)].filter { flag($0.0) }
        if aliases.count == 2 { throw error(.conflictingFormats("'--json'", "'--csv'")) }
        let chosen = parsed.choice(.format, as: LapsView.Format.self)
        guard let (alias, format) = aliases.first else { return chosen ?? .table }
        if let chosen, chosen != format { throw error(.conflictingFormats("'\(alias.rawValue)'", "'--format \(chosen.rawValue)'")) }
        return format
    }

    private func deletion() throws(UsageError) -> Command.Deletion {
        let names = try parsed.positionals.map { text throws(UsageError) in try validName(text) }
        switch (flag(.expired), flag(.force)) {
        case (true, true): throw error(.exclusiveOptions(.expired, .force))
        case (true, false):
            guard names.isEmpty else { throw error(.expiredTakesNoNames) }
            return .expired
        case (false, let force):
            guard !names.isEmpty else { throw error(.deleteNeedsNames) }
            return force ? .files(names) : .names(names)
        }
    }

    /// `timer DURATION [NAME]` or `timer --until HH:MM[:SS] [NAME]`. A duration split in two words
    /// (`timer 5 min`, `timer 1h 30m`) would leave half of it as the name, so without `--` a name
    /// that reads as a duration or a unit is refused, with the one word that was meant; after
    /// `--` a word is a name, always (`timer 10s -- m`).
    private mutating func timer() throws(UsageError) -> Command {
        if let text = parsed.value(.add) { return try addTime(text) }
        let length: CountdownLength
        var dropped = 0
        if let text = parsed.value(.until) {
            guard let time = TimeOfDay(text) else { throw error(.invalidTime(text)) }
            if let first = form.positionals.first, !form.isLiteral(0), Self.isDuration(first) {
                throw error(.durationAndUntil(withDuration: form.removing(.until), withUntil: form.with(positionals: Array(form.positionals.dropFirst()))))
            }
            length = .until(time)
        } else {
            guard let text = form.positionals.first, !form.isLiteral(0) else { throw error(durationAfterDoubleDash() ?? .missingDuration) }
            do {
                length = .duration(try DurationSyntax.parse(text))
            } catch {
                throw self.error(misplacedDuration(failing: error))
            }
            try refuseSplitDuration()
            dropped = 1
        }
        // What is left is the name.
        parsed.form = form.with(positionals: Array(form.positionals.dropFirst(dropped)), literalFrom: form.literalFrom.map { $0 - dropped })
        if flag(.json), flag(.watch) { throw error(.jsonAndWatch) }
        return .timer(
            try name(default: .timer), length: length, replacing: flag(.force), watch: flag(.watch), json: flag(.json),
            notify: flag(.notify), exec: parsed.value(.exec)
        )
    }

    /// `timer -- 5m tea`, `timer -- -5s x`: a duration after `--`, where every word is a name.
    /// A signed one is `--add`'s, as anywhere; an unsigned one goes before `--` (the names after
    /// it stay there when they need it).
    private func durationAfterDoubleDash() -> UsageError.Reason? {
        let words = form.positionals
        if let signed = signedWithName() { return signed }
        guard let first = words.first, Self.isDuration(first) else { return nil }
        let rest = Array(words.dropFirst())
        let needsLiteral = rest.contains { Self.isDuration($0) || DurationSyntax.isUnit($0) || CommandLineForm.isOption($0) }
        return .durationAfterDoubleDash(first, suggestion: form.with(positionals: [first] + rest, literalFrom: needsLiteral ? 1 : nil))
    }

    /// `timer +2m tea`, `timer tea -- +2m`, `timer -2m`: a signed duration and at most a name,
    /// before or after `--`, which is `--add`'s.
    private func signedWithName() -> UsageError.Reason? {
        let words = form.positionals
        guard words.count <= 2, let index = words.firstIndex(where: Self.isSigned) else { return nil }
        let names = words.enumerated().filter { $0.offset != index }.map(\.element)
        guard names.allSatisfy({ StopwatchName($0) != nil }) else { return nil }
        return signedDuration(String(words[index].prefix(1)), String(words[index].dropFirst()), name: names, rest: [])
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
        if let sign = unmarked.first, sign == "+" || sign == "-", let (joined, used) = Self.longestDuration(in: unmarked.dropFirst()) {
            return signedDuration(sign, joined, name: [], rest: words.dropFirst(1 + used))
        }
        guard let first = unmarked.first, StopwatchName(first) != nil, unmarked.count >= 2 else { return .invalidDuration(failure) }
        // `timer tea +2m`: a name, then a signed duration.
        let second = unmarked[1]
        if second.hasPrefix("+") || second.hasPrefix("-"), let (joined, used) = Self.longestDuration(in: [String(second.dropFirst())] + unmarked.dropFirst(2)) {
            return signedDuration(String(second.prefix(1)), joined, name: [first], rest: words.dropFirst(1 + used))
        }
        // `timer tea 5 min`: the name, then the duration.
        if let (joined, used) = Self.longestDuration(in: unmarked.dropFirst()) {
            return .durationComesFirst(suggestion: form.with(positionals: [joined, first] + words.dropFirst(1 + used)))
        }
        return .invalidDuration(failure)
    }

    /// `timer [NAME] --add [-]DURATION` with the rest of what was typed: what a sign before a
    /// duration means.
    private func signedDuration(_ sign: String, _ duration: String, name: [String], rest: ArraySlice<String>) -> UsageError.Reason {
        var suggestion = form.with(positionals: name + rest)
        suggestion.options.insert(.init(.add, sign == "-" ? "-" + duration : duration), at: 0)
        return .signedDuration(suggestion: suggestion)
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
        let literal = words.count == 2 && StopwatchName(second) != nil ? form.with(positionals: words, literalFrom: 1) : nil
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
    private mutating func addTime(_ text: String) throws(UsageError) -> Command {
        for option in [OptionName.until, .force] where flag(option) {
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
        return .addTime(
            try name(default: .timer), change: negative ? .zero - change : change, watch: flag(.watch), json: flag(.json),
            notify: flag(.notify), exec: parsed.value(.exec)
        )
    }

    private func timedRun() throws(UsageError) -> Command.TimedRun {
        guard let arguments = form.commandArguments, !arguments.isEmpty else { throw error(.runNeedsCommand) }
        // The view's own formats, by the words `--format` takes; `--json` and `--quiet` are aliases.
        var format = try self.format(TimedRunView.Format.self, json: .json) ?? .human
        if flag(.quiet) {
            guard !flag(.format), !flag(.json) else { throw error(.quietExcludesFormats) }
            format = .quiet
        }
        let name = parsed.positionals.isEmpty ? nil : try self.name()
        if flag(.label), name == nil { throw error(.labelNeedsName) }
        return Command.TimedRun(name: name, label: try label(), format: format, outputFile: parsed.value(.output), arguments: arguments)
    }

    private func stamp() throws(UsageError) -> Command {
        try noPositionals()
        let chosen = parsed.choice(.format, as: StampPrefix.Format.self)
        if flag(.since), let chosen, chosen.isWallClock { throw error(.sinceWithTimeOfDay(format: chosen.rawValue)) }
        return .stamp(since: parsed.choice(.since, as: StampSession.Since.self) ?? .start, format: chosen ?? .human, summary: flag(.summary))
    }

    private func error(_ reason: UsageError.Reason) -> UsageError {
        parsed.error(reason)
    }
}
