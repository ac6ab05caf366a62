import StopwatchCore

/// Parses the arguments after the program name.
///
/// The command comes first; its options may stand before or after its positional arguments, as
/// `--label TEXT` or `--label=TEXT`, and `--` ends the options. `--help` anywhere after a command
/// asks for that command's help.
public enum CommandLineParser {
    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let first = arguments.first else { return .run(.status(.default, format: .line)) }
        switch first {
        case "--version", "-V":
            guard arguments.count == 1 else { throw UsageError("\(first.quotedForMessage) takes no arguments") }
            return .version
        case "--help", "-h":
            return .help(nil)
        default:
            break
        }
        guard let command = CommandName(rawValue: first) else {
            if first.hasPrefix("-") { throw UsageError("unknown option \(first.quotedForMessage); a command comes first") }
            throw UsageError("unknown command \(first.quotedForMessage)")
        }
        let rest = arguments.dropFirst()
        if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            return .help(command)
        }
        var parsed = try ParsedArguments(Array(rest), for: command)
        return try parsed.invocation()
    }
}

/// The options and positional arguments of one command, before they are checked against each other.
private struct ParsedArguments {
    let command: CommandName
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    /// For `run`, everything after `--`: the command, verbatim.
    var commandArguments: [String]?

    /// Options each command takes: true for one that takes a value.
    static let options: [CommandName: [String: Bool]] = [
        .lap: ["--label": true],
        .status: ["--json": false, "--format": true],
        .laps: ["--json": false, "--csv": false],
        .list: ["--json": false],
        .timer: ["--force": false, "--until": true, "--watch": false],
        .run: ["--label": true, "--format": true, "--quiet": false],
        .stamp: ["--since": true, "--format": true, "--summary": false],
    ]

    init(_ arguments: [String], for command: CommandName) throws(UsageError) {
        self.command = command
        let known = Self.options[command] ?? [:]
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            // `-5s` is a (negative) duration for the duration parser to refuse, not an option.
            let isNegativeNumber = argument.dropFirst().first.map { $0.isASCII && ($0.isNumber || $0 == ".") } ?? false
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" || isNegativeNumber {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                if command == .run {
                    commandArguments = Array(arguments[index...])
                    break
                }
                optionsEnded = true
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let option = String(parts[0])
            guard let takesValue = known[option] else {
                throw error("unknown option \(option.quotedForMessage) for '\(command.rawValue)'")
            }
            if !takesValue {
                guard parts.count == 1 else { throw error("option \(option.quotedForMessage) takes no value") }
                flags.insert(option)
            } else if parts.count == 2 {
                values[option] = String(parts[1])
            } else if index < arguments.count {
                values[option] = arguments[index]
                index += 1
            } else {
                throw error("option \(option.quotedForMessage) needs a value")
            }
        }
    }

    mutating func invocation() throws(UsageError) -> Invocation {
        switch command {
        case .help:
            guard positionals.count <= 1 else { throw error("'help' takes at most one command") }
            guard let topic = positionals.first else { return .help(nil) }
            guard let name = CommandName(rawValue: topic) else { throw error("unknown command \(topic.quotedForMessage)") }
            return .help(name)
        case .start: return .run(.start(try name()))
        case .pause: return .run(.pause(try name()))
        case .resume: return .run(.resume(try name()))
        case .reset: return .run(.reset(try name()))
        case .delete: return .run(.delete(try name(required: true)))
        case .watch: return .run(.watch(try name()))
        case .wait: return .run(.wait(try name(default: .timer)))
        case .timer: return .run(try timer())
        case .run: return .run(try timedRun())
        case .stamp:
            guard positionals.isEmpty else { throw error("'stamp' takes no arguments, got \(positionals[0].quotedForMessage); it reads standard input") }
            let sinces: [String: StampSession.Since] = ["start": .start, "previous": .previous]
            let formats: [String: StampPrefix.Format] = ["human": .human, "ms": .milliseconds, "s": .seconds, "us": .microseconds]
            let since = try values["--since"].map { text throws(UsageError) in
                guard let since = sinces[text] else { throw error("unknown '--since' value \(text.quotedForMessage); use start or previous") }
                return since
            }
            let format = try values["--format"].map { text throws(UsageError) in
                guard let format = formats[text] else { throw error("unknown format \(text.quotedForMessage); use human, ms, s or us") }
                return format
            }
            return .run(.stamp(since: since ?? .start, format: format ?? .human, summary: flags.contains("--summary")))
        case .lap: return .run(.lap(try name(), label: try label()))
        case .status: return .run(.status(try name(), format: try statusFormat()))
        case .laps: return .run(.laps(try name(), format: try lapsFormat()))
        case .list:
            guard positionals.isEmpty else { throw error("'list' takes no arguments, got \(positionals[0].quotedForMessage)") }
            return .run(.list(format: flags.contains("--json") ? .json : .table))
        }
    }

    private mutating func timer() throws(UsageError) -> Command {
        let length: CountdownLength
        if let text = values["--until"] {
            guard let time = TimeOfDay(text) else {
                throw error("invalid time \(text.quotedForMessage) for '--until': use HH:MM or HH:MM:SS (24-hour), for example 17:30")
            }
            length = .until(time)
        } else {
            guard !positionals.isEmpty else {
                throw error("'timer' needs a duration (for example 25m, 1h30m, 90s or 1:30) or '--until HH:MM'")
            }
            do {
                length = .duration(try DurationSyntax.parse(positionals.removeFirst()))
            } catch {
                throw self.error(error.description)
            }
        }
        return .timer(
            try name(default: .timer),
            length: length,
            replacing: flags.contains("--force"),
            watch: flags.contains("--watch")
        )
    }

    private func timedRun() throws(UsageError) -> Command {
        guard let arguments = commandArguments, !arguments.isEmpty else {
            throw error("'run' needs '--' and a command after it: stopwatch run [NAME] -- COMMAND [ARG...]")
        }
        let formats: [String: TimedRunView.Format] = ["human": .human, "ms": .milliseconds, "s": .seconds, "json": .json]
        var format = TimedRunView.Format.human
        if let text = values["--format"] {
            guard let chosen = formats[text] else { throw error("unknown format \(text.quotedForMessage); use human, ms, s or json") }
            format = chosen
        }
        if flags.contains("--quiet") {
            guard values["--format"] == nil else { throw error("'--quiet' and '--format' cannot be used together") }
            format = .quiet
        }
        let name = positionals.isEmpty ? nil : try name()
        if values["--label"] != nil, name == nil { throw error("'--label' needs a stopwatch name to record the run in") }
        return .run(name, label: try label(), format: format, arguments: arguments)
    }

    private func name(required: Bool = false, default defaultName: StopwatchName = .default) throws(UsageError) -> StopwatchName {
        guard positionals.count <= 1 else {
            throw error("'\(command.rawValue)' takes one stopwatch name, got \(positionals[1].quotedForMessage) too")
        }
        guard let text = positionals.first else {
            if required { throw error("'\(command.rawValue)' needs a stopwatch name") }
            return defaultName
        }
        guard let name = StopwatchName(text) else {
            throw error(
                "invalid stopwatch name \(text.quotedForMessage): use 1 to \(StopwatchName.maximumLength) letters, digits, "
                    + "'.', '_' or '-', not starting with '.'"
            )
        }
        return name
    }

    private func label() throws(UsageError) -> String? {
        guard let label = values["--label"] else { return nil }
        if let problem = Lap.problem(withLabel: label) { throw error("the label \(problem)") }
        return label
    }

    private func statusFormat() throws(UsageError) -> StatusView.Format {
        let formats: [String: StatusView.Format] = ["human": .line, "ms": .milliseconds, "s": .seconds, "json": .json]
        var format = StatusView.Format.line
        if let text = values["--format"] {
            guard let chosen = formats[text] else {
                throw error("unknown format \(text.quotedForMessage); use human, ms, s or json")
            }
            format = chosen
        }
        if flags.contains("--json") {
            guard values["--format"] == nil || format == .json else {
                throw error("'--json' and '--format \(values["--format"]!.escapingControlCharacters)' ask for different formats")
            }
            format = .json
        }
        return format
    }

    private func lapsFormat() throws(UsageError) -> LapsView.Format {
        switch (flags.contains("--json"), flags.contains("--csv")) {
        case (true, true): throw error("'--json' and '--csv' ask for different formats")
        case (true, false): return .json
        case (false, true): return .csv
        case (false, false): return .table
        }
    }

    private func error(_ message: String) -> UsageError {
        UsageError(message, command: command)
    }
}
