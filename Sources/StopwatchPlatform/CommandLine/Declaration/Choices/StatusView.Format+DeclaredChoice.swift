/// `status --format`: the view's own formats by the words typed for them, the status bars' among
/// them, so the parser hands the view its format with no mapping.
extension StatusView.Format: DeclaredChoice {
    public static var allCases: [StatusView.Format] {
        [.line, .milliseconds, .seconds, .json] + StatusBarFormat.allCases.map(Self.bar)
    }

    public init?(rawValue: String) {
        guard let format = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = format
    }

    /// The word typed for the format. A template is its own text; a format no `--format` names
    /// (`lap` and `timer --until` print in them) is the word of the one it varies.
    public var rawValue: String {
        switch self {
        case .line, .lineUntil, .lap: "human"
        case .milliseconds: "ms"
        case .seconds: "s"
        case .json, .jsonWithLap: "json"
        case .bar(let bar): bar.rawValue
        case .template(let template): template.text
        }
    }

    public var help: String {
        switch self {
        case .line, .lineUntil, .lap: "'NAME: STATUS TIME, N laps' (the default)"
        case .milliseconds: "elapsed whole milliseconds alone (a countdown, a cycle's phase: the time left)"
        case .seconds: "the same in seconds, three decimals"
        case .json, .jsonWithLap: "one JSON object, as --json"
        case .bar(let bar): bar.help
        case .template: "a template of fields in braces"
        }
    }
}
