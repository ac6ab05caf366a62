import Testing

@testable import StopwatchPlatform

/// The manual page and the completion scripts are made from the one declaration: each holds every
/// declared command and option.
@Suite struct GeneratedOutputTests {
    static let outputs: [(String, String)] =
        [("manual", ManualPage.text)]
        + CompletionScript.Shell.allCases.map { ($0.rawValue, CompletionScript.text(for: $0)) }

    @Test(arguments: outputs.map(\.0))
    func everyDeclaredCommandAndOptionIsInIt(_ which: String) throws {
        let text = try #require(Self.outputs.first { $0.0 == which }?.1)
        // The manual writes a hyphen as \-, the scripts as it is.
        let hyphen = which == "manual" ? "\\-" : "-"
        for spec in CommandCatalog.commands {
            #expect(text.contains(spec.name.rawValue), "\(which): \(spec.name.rawValue)")
            for option in spec.options {
                let long = which == "fish" ? "-l " + option.long.dropFirst(2) : option.long.replacing("-", with: hyphen)
                #expect(text.contains(long), "\(which): \(spec.name.rawValue) \(option.long)")
            }
        }
    }

    @Test func theManualHasEverySection() {
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "DURATIONS", "\"OUTPUT FORMATS\"",
            "\"EXIT STATUS\"", "ENVIRONMENT", "FILES", "EXAMPLES", "\"SEE ALSO\"",
        ] {
            #expect(ManualPage.text.contains("\n.SH \(section)\n"), "\(section)")
        }
        for command in CommandName.allCases {
            #expect(ManualPage.text.contains(".SS \"stopwatch \(command.rawValue)\""))
        }
    }

    @Test(arguments: [("--label", "\\-\\-label"), ("a\\b", "a\\eb"), (".TH", "\\&.TH"), ("'quoted'", "\\&'quoted'")])
    func roffEscapesWhatRoffWouldRead(_ text: String, _ escaped: String) {
        #expect(ManualPage.roff(text) == escaped)
    }
}

/// Every form the synopsis shows (in `--help` and the manual) parses: each optional part given,
/// the first of each set of alternatives, a sample for each placeholder.
@Suite struct SynopsisTests {
    static let samples: [String: String] = [
        "NAME": "x1", "NAME...": "x1", "[NAME[@MACHINE]]": "x1@desk", "NAME[@MACHINE]...": "x1@desk", "DURATION": "5m",
        "[-]DURATION": "1m",
        "HH:MM[:SS]": "17:30", "TEXT": "t",
        "FORMAT": "ms", "TEMPLATE": "{text}", "SHELL": "bash", "FILE": "out", "[OPTIONS]": "", "[ARG...]": "",
        "LABEL=DURATION": "work=25m", "LABEL=DURATION...": "work=25m", "N": "4", "LABEL,...": "work", "DAY": "today",
        "GROUPING,...": "day", "START": "09:00", "END": "10:30", "TAG,...": "billable",
        "WHEN": "09:00", "TIME": "6h", "COUNT": "8", "RUN": "x1", "RUN...": "x1", "WHEN|+DURATION|-DURATION": "09:00",
        "POLICY": "drop",
    ]

    /// The words of `usage` with everything optional given and the first alternative taken.
    static func words(_ usage: String, command: CommandName) -> [String] {
        var text = usage
        // `[a | b]`: the first alternative, given.
        while let range = text.range(of: #"\[([^\[\]|]+) \| [^\[\]]+\]"#, options: .regularExpression) {
            let inner = String(text[range].dropFirst().prefix { $0 != "|" }).trimmingCharacters(in: .whitespaces)
            text.replaceSubrange(range, with: inner)
        }
        return text.split(separator: " ").flatMap { token -> [String] in
            // `today`'s formats and fields are its own.
            if command == "today", let sample = ["FORMAT": "waybar", "TEMPLATE": "{today}"][String(token)] {
                return [sample]
            }
            if let sample = samples[String(token)] { return sample.isEmpty ? [] : [sample] }
            // `[--label TEXT]` spans two words: the brackets go, the words stay.
            var word = String(token)
            if word.hasPrefix("[") { word.removeFirst() }
            if word.hasSuffix("]"), !word.hasSuffix("[:SS]") { word.removeLast() }
            if let sample = samples[word] { return sample.isEmpty ? [] : [sample] }
            if word == "COMMAND" { return [command == .help ? "start" : "true"] }
            // `a|b|c`: the first.
            let first = word.split(separator: "|").first.map(String.init) ?? word
            return [samples[first] ?? first]
        }
    }

    @Test func everyFormTheSynopsisShowsParses() throws {
        for spec in CommandCatalog.commands {
            for usage in spec.usageLines {
                let arguments = [spec.name.rawValue] + Self.words(usage, command: spec.name)
                #expect(throws: Never.self, "\(arguments.joined(separator: " "))") {
                    try CommandLineParser.parse(arguments)
                }
            }
        }
    }
}
