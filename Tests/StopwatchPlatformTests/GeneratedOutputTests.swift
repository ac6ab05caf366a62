@testable import StopwatchPlatform
import Testing

/// The manual page and the completion scripts are made from the one declaration: each holds every
/// declared command and option.
@Suite struct GeneratedOutputTests {
    static let outputs: [(String, String)] = [("manual", ManualPage.text)] + CompletionScript.Shell.allCases.map { ($0.rawValue, CompletionScript.text(for: $0)) }

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
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "DURATIONS", "\"OUTPUT FORMATS\"",
                        "\"EXIT STATUS\"", "ENVIRONMENT", "FILES", "EXAMPLES", "\"SEE ALSO\""] {
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
