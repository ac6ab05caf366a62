/// `today --format`: the view's formats by the words typed for them, the status bars' among them.
extension TodayView.Format: DeclaredChoice {
    public static var allCases: [TodayView.Format] {
        [.line, .json] + StatusBarFormat.allCases.map(Self.bar)
    }

    public init?(rawValue: String) {
        guard let format = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = format
    }

    public var rawValue: String {
        switch self {
        case .line: "human"
        case .json: "json"
        case .bar(let bar): bar.rawValue
        case .template(let template): template.text
        }
    }

    public var help: String {
        switch self {
        case .line: "a line for today and one for the week, each against its goal (the default)"
        case .json: "one JSON object, as --json"
        case .bar(let bar): bar.help + ", with the stopwatch running beside today's time"
        case .template: "a template of fields in braces"
        }
    }
}
