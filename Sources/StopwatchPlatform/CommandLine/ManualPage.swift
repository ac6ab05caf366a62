/// The manual page, `stopwatch(1)` in roff, made from `CommandCatalog` like the help screens:
/// NAME, SYNOPSIS, DESCRIPTION, COMMANDS, OPTIONS, DURATIONS, OUTPUT FORMATS, EXIT STATUS,
/// ENVIRONMENT, FILES, EXAMPLES, SEE ALSO. The synopsis is neither hyphenated nor justified, so
/// each form reads as it is typed.
public enum ManualPage {
    public static var text: String {
        var lines = [
            #".TH STOPWATCH 1 "" "stopwatch \#(CommandCatalog.version)" "User Commands""#,
            ".SH NAME",
            "stopwatch \\- " + roff(CommandCatalog.summary),
            ".SH SYNOPSIS",
            ".nh",
            ".ad l",
            ".B stopwatch",
            "[\\fICOMMAND\\fR] [\\fIARGUMENTS\\fR] [\\fIOPTIONS\\fR]",
        ]
        for spec in CommandCatalog.commands {
            for usage in spec.usageLines {
                lines += [".br", "\\fBstopwatch \(spec.name.rawValue)\\fR" + (usage.isEmpty ? "" : " " + roff(usage))]
            }
        }
        lines += [".ad", ".hy", ".SH DESCRIPTION"]
        lines += paragraphs(CommandCatalog.description + [CommandCatalog.nameRule])

        lines.append(".SH COMMANDS")
        for spec in CommandCatalog.commands {
            lines += [".SS \"stopwatch \(spec.name.rawValue)\"", ".B stopwatch \(spec.name.rawValue)"]
            for (index, usage) in spec.usageLines.enumerated() {
                if index > 0 { lines += [".br", ".B stopwatch \(spec.name.rawValue)"] }
                if !usage.isEmpty { lines.append(roff(usage)) }
            }
            lines += paragraphs(spec.discussion)
            for argument in spec.arguments {
                lines += [".TP", "\\fI\(roff(argument.placeholder))\\fR", roff(argument.help)]
                lines += choices(argument.kind)
            }
            for option in spec.options {
                lines += [".TP", term(option), roff(option.help)]
                if let value = option.value { lines += choices(value.kind) }
            }
        }

        lines.append(".SH OPTIONS")
        for option in [CommandCatalog.helpOption, CommandCatalog.versionOption] {
            lines += [".TP", term(option), roff(option.help)]
        }
        lines.append(".SH DURATIONS")
        lines += paragraphs(CommandCatalog.durations)
        lines.append(".SH \"OUTPUT FORMATS\"")
        lines += paragraphs(CommandCatalog.outputFormats)
        lines.append(".SH \"EXIT STATUS\"")
        for (codes, meaning) in CommandCatalog.exitCodes {
            lines += [".TP", ".B \(roff(codes.map { String($0.rawValue) }.joined(separator: ", ")))", roff(meaning)]
        }
        lines.append(".SH ENVIRONMENT")
        for (name, meaning) in CommandCatalog.environment {
            lines += [".TP", ".B \(name)", roff(meaning)]
        }
        lines.append(".SH FILES")
        lines += paragraphs(CommandCatalog.files)
        lines.append(".SH EXAMPLES")
        for example in CommandCatalog.examples + CommandCatalog.commands.flatMap(\.examples) {
            lines += [".TP", "\\fB\(roff(example.commandLine))\\fR", roff(example.explanation)]
        }
        lines.append(".SH \"SEE ALSO\"")
        lines.append(CommandCatalog.seeAlso.map { "\\fB\($0.page)\\fR(\($0.section))" }.joined(separator: ", "))
        lines += paragraphs([CommandCatalog.documentation])
        return lines.joined(separator: "\n") + "\n"
    }

    /// `\fB--label\fR \fITEXT\fR`, with the short form first when there is one.
    private static func term(_ option: OptionSpec) -> String {
        let names = [option.short, option.long].compactMap { $0 }.map { "\\fB\(roff($0))\\fR" }.joined(separator: ", ")
        return option.value.map { "\(names) \\fI\(roff($0.placeholder))\\fR" } ?? names
    }

    /// The accepted values of a kind that has a list of them, indented under its entry.
    private static func choices(_ kind: ValueKind) -> [String] {
        guard case .choices(let choices) = kind else { return [] }
        let values = choices()
        return [".RS"] + values.flatMap { [".TP", ".B \(roff($0.value))", roff($0.help)] } + [".RE"]
    }

    private static func paragraphs(_ texts: [String]) -> [String] {
        texts.flatMap { [".PP", roff($0)] }
    }

    /// `text` safe as roff: backslashes escaped, hyphens written as the minus sign options need
    /// (so they paste back as typed), and a line start that would read as a request made literal.
    static func roff(_ text: String) -> String {
        let escaped = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
