/// The text of `--help` for the tool and for each command, made from `CommandCatalog` and wrapped
/// to 80 columns.
public enum CommandHelp {
    public static let width = 80

    public static func text(for command: CommandName?) -> String {
        guard let command else { return overview }
        let spec = CommandCatalog.spec(command)
        var lines: [String] = []
        for (index, usage) in spec.usageLines.enumerated() {
            let lead =
                (index == 0 ? "Usage: " : "       ") + "stopwatch \(command.rawValue)" + (usage.isEmpty ? "" : " ")
            lines += wrap(usageWords(usage), first: lead, rest: String(repeating: " ", count: lead.count))
        }
        for paragraph in spec.discussion {
            lines.append("")
            lines += wrap(words(paragraph), first: "", rest: "")
        }
        if !spec.arguments.isEmpty {
            lines += ["", "Arguments:"]
            lines += table(spec.arguments.map { ($0.placeholder, $0.help, []) })
        }
        lines += ["", "Options:"]
        lines += table(
            (spec.options + [CommandCatalog.helpOption]).map { option in
                var choices: [(String, String)] = []
                if case .choices(let values)? = option.value?.kind { choices = values().map { ($0.value, $0.help) } }
                return (option.label, option.help + (choices.isEmpty ? "" : ":"), choices)
            }
        )
        lines += ["", "Examples:"] + examples(spec.examples)
        return lines.joined(separator: "\n") + "\n"
    }

    private static var overview: String {
        var lines = ["Usage: stopwatch [COMMAND] [ARGUMENTS] [OPTIONS]"]
        for paragraph in CommandCatalog.description {
            lines.append("")
            lines += wrap(words(paragraph), first: "", rest: "")
        }
        lines += ["", "Commands:"]
        lines += table(
            CommandCatalog.commands.map { spec in
                let arguments = spec.arguments.map(\.synopsis).joined(separator: " ")
                return (spec.name.rawValue + (arguments.isEmpty ? "" : " " + arguments), spec.summary, [])
            }
        )
        lines += ["", "Options:"]
        lines += table([
            (CommandCatalog.helpOption.label, "show help; after a command, that command's help", []),
            (CommandCatalog.versionOption.label, CommandCatalog.versionOption.help, []),
        ])
        lines.append("")
        lines += wrap(words(CommandCatalog.nameRule), first: "", rest: "")
        lines += ["", "Examples:"] + examples(CommandCatalog.examples)
        lines += ["", "Exit codes:"]
        lines += table(
            CommandCatalog.exitCodes.map {
                ($0.codes.map { String($0.rawValue) }.joined(separator: ", "), $0.meaning, [])
            })
        lines.append("")
        lines += wrap(
            words(
                "State directory: $STOPWATCH_HOME, else $XDG_STATE_HOME/stopwatch, else ~/.local/state/stopwatch. 'stopwatch help COMMAND' shows a command's options and examples."
            ),
            first: "", rest: ""
        )
        return lines.joined(separator: "\n") + "\n"
    }

    private static func examples(_ examples: [CommandSpec.Example]) -> [String] {
        examples.flatMap { example in
            wrap(words(example.commandLine), first: "  ", rest: "      ")
                + wrap(words(example.explanation), first: "      ", rest: "      ")
        }
    }

    /// The words of `text`, to wrap between.
    private static func words(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }

    /// The words of a usage line, an optional part in brackets kept whole: `[--format human|ms]`.
    private static func usageWords(_ usage: String) -> [String] {
        var words: [String] = []
        var depth = 0
        for word in usage.split(separator: " ") {
            if depth > 0 { words[words.count - 1] += " " + word } else { words.append(String(word)) }
            depth += word.filter { $0 == "[" }.count - word.filter { $0 == "]" }.count
        }
        return words
    }

    /// Two columns: a term and its help, wrapped beside it; a term too wide for the column gets
    /// its help on the next line. `choices` follow the help as a table of their own under it.
    private static func table(_ rows: [(term: String, help: String, choices: [(String, String)])], indent: Int = 2)
        -> [String]
    {
        let column = min(indent + 22, indent + (rows.map(\.term.count).max() ?? 0) + 2)
        let blank = String(repeating: " ", count: column)
        return rows.flatMap { row -> [String] in
            let term = String(repeating: " ", count: indent) + row.term
            var lines: [String]
            if term.count + 2 <= column {
                lines = wrap(words(row.help), first: term.padding(column), rest: blank)
            } else {
                lines = [term] + wrap(words(row.help), first: blank, rest: blank)
            }
            return lines + table(row.choices.map { ($0.0, $0.1, []) }, indent: column + 2)
        }
    }

    /// `words` in lines of at most `width` columns, the first starting with `first` and the rest
    /// with `rest`. A word longer than a line stands alone.
    static func wrap(_ words: [String], first: String, rest: String) -> [String] {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in words {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = rest
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }
}

extension String {
    /// The text padded with spaces to `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
