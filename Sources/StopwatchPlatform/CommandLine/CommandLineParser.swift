import StopwatchCore

/// Parses the arguments after the program name into an `Invocation`.
///
/// The command comes first; `ParsedArguments` reads its options and arguments as `CommandCatalog`
/// declares them, and a builder here checks them against each other. `--help` anywhere before
/// `--` asks for that command's help. A mistyped command or option gets the closest real one
/// suggested.
public enum CommandLineParser {
    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let first = arguments.first else { return .run(.overview) }
        switch first {
        case "--version", "-V":
            guard arguments.count == 1 else { throw UsageError("\(first.quotedForMessage) takes no arguments") }
            return .version
        case "--help", "-h":
            return .help(nil)
        default:
            break
        }
        guard let command = CommandName(rawValue: first) else { throw unknownCommand(first) }
        let rest = arguments.dropFirst()
        // Before `--`, and for `run` before its command's first word: `run make --help` runs make.
        let ownWords = rest.prefix { word in
            word != "--" && (command != .run || rest.contains("--") || ParsedArguments.isOption(word))
        }
        if ownWords.contains(where: { $0 == "--help" || $0 == "-h" }) {
            return .help(command)
        }
        var builder = Builder(try ParsedArguments(Array(rest), for: CommandCatalog.spec(command)))
        return try builder.invocation()
    }

    static func unknownCommand(_ word: String) -> UsageError {
        if word == "stop" {
            return UsageError("there is no 'stop': 'pause' keeps the time, 'reset' clears it", unknownCommand: word, pointsToHelp: false)
        }
        if word.hasPrefix("-") {
            if let close = ClosestMatch.to(word, among: ["--help", "--version"]) {
                return UsageError("unknown option \(word.quotedForMessage); did you mean \(close.quotedForMessage)?", pointsToHelp: false)
            }
            return UsageError("unknown option \(word.quotedForMessage); a command comes first")
        }
        if let close = ClosestMatch.to(word, among: CommandName.allCases.map(\.rawValue)) {
            return UsageError("unknown command \(word.quotedForMessage); did you mean \(close.quotedForMessage)?", unknownCommand: word, pointsToHelp: false)
        }
        return UsageError("unknown command \(word.quotedForMessage)", unknownCommand: word)
    }
}

/// Turns one command's parsed arguments into the `Command` they ask for.
private struct Builder {
    var parsed: ParsedArguments
    var command: CommandName { parsed.spec.name }

    init(_ parsed: ParsedArguments) {
        self.parsed = parsed
    }

    mutating func invocation() throws(UsageError) -> Invocation {
        switch command {
        case .help:
            guard parsed.positionals.count <= 1 else { throw error("'help' takes at most one command") }
            guard let topic = parsed.positionals.first else { return .help(nil) }
            guard let name = CommandName(rawValue: topic) else {
                var failure = CommandLineParser.unknownCommand(topic)
                failure.command = .help
                failure.unknownCommand = nil
                throw failure
            }
            return .help(name)
        case .start: return .run(.start(try name(), json: flag("--json")))
        case .restart: return .run(.restart(try name(), json: flag("--json")))
        case .pause: return .run(.pause(try name(), json: flag("--json")))
        case .resume: return .run(.resume(try name(), json: flag("--json")))
        case .reset: return .run(.reset(try name(), json: flag("--json")))
        case .lap: return .run(.lap(try name(), label: try label(), json: flag("--json")))
        case .status: return .run(.status(try name(), format: try statusFormat()))
        case .laps: return .run(.laps(try name(), format: try lapsFormat()))
        case .list:
            try noPositionals()
            guard !(flag("--json") && flag("--names")) else { throw error("'--json' and '--names' ask for different formats") }
            return .run(.list(format: flag("--json") ? .json : flag("--names") ? .names : .table))
        case .completions:
            guard parsed.positionals.count == 1, let text = parsed.positionals.first else {
                throw error("'completions' needs a shell: bash, zsh or fish")
            }
            guard let shell = CompletionScript.Shell(rawValue: text) else {
                let close = ClosestMatch.to(text, among: CompletionScript.Shell.allCases.map(\.rawValue))
                throw error("unknown shell \(text.quotedForMessage)" + (close.map { "; did you mean \($0.quotedForMessage)?" } ?? "; use bash, zsh or fish"), pointsToHelp: close == nil)
            }
            return .completions(shell)
        case .manual:
            try noPositionals()
            return .manual
        case .delete: return .run(.delete(try deletion()))
        case .watch:
            guard flag("--all") else { return .run(.watch(try name(), notify: flag("--notify"))) }
            if let name = parsed.positionals.first {
                throw error("'--all' shows every stopwatch; for one: stopwatch watch \(name)")
            }
            return .run(.watchAll(notify: flag("--notify")))
        case .wait: return .run(.wait(try name(default: .timer), notify: flag("--notify")))
        case .timer: return .run(try timer())
        case .run: return .run(.run(try timedRun()))
        case .stamp: return .run(try stamp())
        }
    }

    private func flag(_ long: String) -> Bool {
        parsed.flags.contains(long)
    }

    private func noPositionals() throws(UsageError) {
        guard let extra = parsed.positionals.first else { return }
        throw error("'\(command.rawValue)' takes no arguments, got \(extra.quotedForMessage)")
    }

    private func name(default defaultName: StopwatchName = .default) throws(UsageError) -> StopwatchName {
        guard parsed.positionals.count <= 1 else {
            throw error("'\(command.rawValue)' takes one stopwatch name, got \(parsed.positionals[1].quotedForMessage) too")
        }
        return try parsed.positionals.first.map(validName) ?? defaultName
    }

    private func validName(_ text: String) throws(UsageError) -> StopwatchName {
        guard let name = StopwatchName(text) else {
            throw error("invalid stopwatch name \(text.quotedForMessage): use \(StopwatchName.rule)")
        }
        return name
    }

    private func label() throws(UsageError) -> String? {
        guard let label = parsed.values["--label"] else { return nil }
        if let problem = Lap.problem(withLabel: label) { throw error("the label \(problem)") }
        return label
    }

    private func statusFormat() throws(UsageError) -> StatusView.Format {
        let format: StatusView.Format =
            switch parsed.values["--format"] {
            case "ms": .milliseconds
            case "s": .seconds
            case "json": .json
            default: .line
            }
        if flag("--json") {
            guard parsed.values["--format"] == nil || format == .json else {
                throw error("'--json' and '--format \(parsed.values["--format"]!)' ask for different formats")
            }
            return .json
        }
        return format
    }

    private func lapsFormat() throws(UsageError) -> LapsView.Format {
        switch (flag("--json"), flag("--csv")) {
        case (true, true): throw error("'--json' and '--csv' ask for different formats")
        case (true, false): return .json
        case (false, true): return .csv
        case (false, false): return .table
        }
    }

    private func deletion() throws(UsageError) -> Command.Deletion {
        let names = try parsed.positionals.map { text throws(UsageError) in try validName(text) }
        switch (flag("--expired"), flag("--force")) {
        case (true, true): throw error("'--expired' and '--force' cannot be used together")
        case (true, false):
            guard names.isEmpty else { throw error("'--expired' deletes every expired countdown; name none") }
            return .expired
        case (false, let force):
            guard !names.isEmpty else {
                throw error("'delete' needs the names of the stopwatches to delete, or '--expired'")
            }
            return force ? .files(names) : .names(names)
        }
    }

    /// `timer DURATION [NAME]` or `timer --until HH:MM[:SS] [NAME]`. A duration split in two words
    /// (`timer 5 min`, `timer 1h 30m`) would leave half of it as the name, so a name that reads as
    /// a duration or a unit is refused, with the one word that was meant.
    private mutating func timer() throws(UsageError) -> Command {
        if let text = parsed.values["--add"] { return try addTime(text) }
        let length: CountdownLength
        var names = parsed.positionals
        if let text = parsed.values["--until"] {
            guard let time = TimeOfDay(text) else {
                throw error("invalid time \(text.quotedForMessage) for '--until': use HH:MM or HH:MM:SS (24-hour), for example 17:30")
            }
            if let first = names.first, (try? DurationSyntax.parse(first)) != nil {
                throw error("give a duration or '--until', not both: stopwatch timer \(first) NAME, or stopwatch timer --until \(text) NAME")
            }
            length = .until(time)
        } else {
            guard !names.isEmpty else {
                throw error("'timer' needs a duration (for example 25m, 1h30m, 90s or 1:30) or '--until HH:MM'")
            }
            let text = names.removeFirst()
            do {
                length = .duration(try DurationSyntax.parse(text))
            } catch {
                if let name = names.first, (try? DurationSyntax.parse(name)) != nil {
                    throw self.error("the duration comes first: stopwatch timer \(name) \(text)", pointsToHelp: false)
                }
                throw self.error(error.description, pointsToHelp: error.suggestion == nil)
            }
            if let second = names.first, DurationSyntax.isUnit(second) || (try? DurationSyntax.parse(second)) != nil {
                let joined = text + second
                let fits = (try? DurationSyntax.parse(joined)) != nil
                let what = DurationSyntax.isUnit(second) ? "is a unit" : "reads as a duration"
                throw self.error(
                    "\(second.quotedForMessage) \(what), not a name; write a duration as one word: \(fits ? "stopwatch timer \(joined)" : "5min or 1h30m")",
                    pointsToHelp: !fits
                )
            }
        }
        parsed.positionals = names
        if flag("--json"), flag("--watch") { throw error("'--json' prints the countdown and ends; '--watch' follows it live: use one") }
        return .timer(
            try name(default: .timer), length: length, replacing: flag("--force"), watch: flag("--watch"), json: flag("--json"),
            notify: flag("--notify")
        )
    }

    /// `timer [NAME] --add [-]DURATION`: the duration may carry a sign; the only argument is a name.
    private mutating func addTime(_ text: String) throws(UsageError) -> Command {
        for option in ["--until", "--force", "--notify"] where parsed.values[option] != nil || flag(option) {
            throw error("'--add' changes a countdown that exists; \(option) is for creating one")
        }
        if let first = parsed.positionals.first, (try? DurationSyntax.parse(first)) != nil {
            throw error("with '--add', give the countdown's name: stopwatch timer NAME --add \(text)")
        }
        let negative = text.hasPrefix("-")
        let magnitude = negative || text.hasPrefix("+") ? String(text.dropFirst()) : text
        let change: Duration
        do {
            change = try DurationSyntax.parse(magnitude)
        } catch {
            throw self.error(error.description, pointsToHelp: error.suggestion == nil)
        }
        if flag("--json"), flag("--watch") { throw error("'--json' prints the countdown and ends; '--watch' follows it live: use one") }
        return .addTime(try name(default: .timer), change: negative ? .zero - change : change, watch: flag("--watch"), json: flag("--json"))
    }

    private func timedRun() throws(UsageError) -> Command.TimedRun {
        guard let arguments = parsed.commandArguments, !arguments.isEmpty else {
            throw error("'run' needs a command: stopwatch run COMMAND [ARG...], or stopwatch run NAME -- COMMAND [ARG...]")
        }
        var format: TimedRunView.Format =
            switch parsed.values["--format"] {
            case "ms": .milliseconds
            case "s": .seconds
            case "json": .json
            default: .human
            }
        if flag("--json") {
            guard parsed.values["--format"] == nil || format == .json else {
                throw error("'--json' and '--format \(parsed.values["--format"]!)' ask for different formats")
            }
            format = .json
        }
        if flag("--quiet") {
            guard parsed.values["--format"] == nil, !flag("--json") else {
                throw error("'--quiet' and '--format' or '--json' cannot be used together")
            }
            format = .quiet
        }
        let name = parsed.positionals.isEmpty ? nil : try self.name()
        if parsed.values["--label"] != nil, name == nil {
            throw error("'--label' needs a stopwatch to record the run in: stopwatch run NAME --label TEXT -- COMMAND")
        }
        return Command.TimedRun(name: name, label: try label(), format: format, outputFile: parsed.values["--output"], arguments: arguments)
    }

    private func stamp() throws(UsageError) -> Command {
        guard parsed.positionals.isEmpty else {
            throw error("'stamp' takes no arguments, got \(parsed.positionals[0].quotedForMessage); it reads standard input")
        }
        let format: StampPrefix.Format =
            switch parsed.values["--format"] {
            case "ms": .milliseconds
            case "s": .seconds
            case "us": .microseconds
            case "clock": .clock
            case "iso": .iso
            default: .human
            }
        let since: StampSession.Since = parsed.values["--since"] == "previous" ? .previous : .start
        if parsed.values["--since"] != nil, format == .clock || format == .iso {
            throw error("'--since' counts elapsed time; '--format \(parsed.values["--format"]!)' prints the time of day")
        }
        return .stamp(since: since, format: format, summary: flag("--summary"))
    }

    private func error(_ message: String, pointsToHelp: Bool = true) -> UsageError {
        parsed.error(message, pointsToHelp: pointsToHelp)
    }
}
