import StopwatchCore

/// Parses the arguments after the program name into the `Command` they ask for.
///
/// The command comes first; `ParsedArguments` reads its options and arguments as the command's
/// declaration says, and the command builds itself from them, checking them against each other. `--help` anywhere before
/// `--` asks for that command's help. A mistyped command or option gets the closest real one
/// suggested; a slip in the arguments gets the command that was meant, made from what was typed.
public enum CommandLineParser {
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else { return Command(OverviewCommand()) }
        switch first {
        case OptionName.version.rawValue, CommandCatalog.versionOption.short:
            guard arguments.count == 1 else { throw UsageError(.takesNoArguments(.version)) }
            return Command(VersionCommand())
        case OptionName.help.rawValue, CommandCatalog.helpOption.short:
            // `stopwatch --help status`: as `stopwatch help status`.
            guard arguments.count > 1 else { return Command(HelpCommand()) }
            return try parse([CommandName.help.rawValue] + arguments.dropFirst())
        case WaitSession.hookArgument where arguments.count == 2:
            guard let name = StopwatchName(arguments[1]) else { throw UsageError(.invalidName(arguments[1])) }
            return Command(WaitCommand(name: name, runsHook: true))
        case AwayWatchSession.argument where arguments.count == 1:
            return Command(WaitCommand(watchesAway: true))
        case _ where first == OptionName.format.rawValue || first.hasPrefix(OptionName.format.rawValue + "="):
            // `stopwatch --format waybar`: what `stopwatch` alone shows, for a status bar.
            return try parse(["list"] + arguments)
        default:
            break
        }
        guard let type = CommandCatalog.command(named: first) else {
            // `stopwatch build start`: the name and the command swapped. The name goes last (before
            // any `--`), where every command takes it, and is suggested only if that parses.
            if arguments.count >= 2, StopwatchName(first) != nil,
                let command = CommandCatalog.command(named: arguments[1])?.commandName, command != .help
            {
                var swapped = Array(arguments.dropFirst())
                swapped.insert(first, at: swapped.firstIndex(of: "--") ?? swapped.endIndex)
                if (try? parse(swapped)) != nil, let form = form(of: swapped) {
                    throw UsageError(.nameBeforeCommand(first, suggestion: form), command: command)
                }
            }
            // `stop build`, `cancel tea`: another tool's word, and the command it means with the
            // rest as typed, where that parses.
            let lowered = first.lowercased()
            if arguments.count >= 2, let meant = lowered == "stop" ? .pause : synonyms[lowered],
                case let words = [meant.rawValue] + arguments.dropFirst(), (try? parse(words)) != nil,
                let form = form(of: words)
            {
                throw UsageError(lowered == "stop" ? .noStop(pause: form) : .commandMeant(first, suggestion: form))
            }
            throw unknownCommand(first)
        }
        let command = type.commandName
        let rest = arguments.dropFirst()
        // Before `--`, and for `run` before its command's first word: `run make --help` runs make.
        let ownWords = rest.prefix { word in
            word != "--" && (command != .run || rest.contains("--") || ParsedArguments.isOption(word))
        }
        if ownWords.contains(where: { $0 == OptionName.help.rawValue || $0 == CommandCatalog.helpOption.short }) {
            return Command(HelpCommand(topic: command))
        }
        var parsed = try ParsedArguments(Array(rest), for: type.declaration)
        return Command(try type.init(parsing: &parsed))
    }

    /// The typed form of `arguments` when they name a command and its options read, whether or not
    /// the rest is valid: what a message about the command builds its suggestion from.
    public static func form(of arguments: [String]) -> CommandLineForm? {
        guard let first = arguments.first, let type = CommandCatalog.command(named: first) else { return nil }
        return (try? ParsedArguments(Array(arguments.dropFirst()), for: type.declaration))?.form
    }

    static func unknownCommand(_ word: String) -> UsageError {
        if word == "stop" { return UsageError(.noStop(pause: nil)) }
        if word.hasPrefix("-") {
            let closest = ClosestMatch.to(word, among: [OptionName.help.rawValue, OptionName.version.rawValue])
            return UsageError(.optionBeforeCommand(word, closest: closest.flatMap(OptionName.init(rawValue:))))
        }
        let closest =
            synonyms[word.lowercased()]
            ?? ClosestMatch.to(word, among: CommandName.allCases.map(\.rawValue)).map(CommandName.init(rawValue:))
        return UsageError(.unknownCommand(word, closest: closest))
    }

    /// Words other tools use for our commands, for the "did you mean" of a word that is none.
    static let synonyms: [String: CommandName] = [
        "pomodoro": "cycle", "skip": "next", "countdown": .timer, "unpause": .resume, "continue": .resume,
        "log": .history,
        "summary": .report, "show": .status, "ls": .list, "modify": .edit, "rm": .delete, "add": .track,
        "cancel": .delete,
    ]
}
