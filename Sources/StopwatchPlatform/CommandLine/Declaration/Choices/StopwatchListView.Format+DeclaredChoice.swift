/// `list --format`: the list view's own formats by the words typed for them, the status bars'
/// (the most pressing one alone) among them.
extension StopwatchListView.Format: DeclaredChoice {
    public static var allCases: [StopwatchListView.Format] {
        [.table, .json, .names, .quiet] + StatusBarFormat.allCases.map { .pressing(.bar($0)) }
    }

    public init?(rawValue: String) {
        guard let format = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = format
    }

    /// The word typed for the format. The most pressing one is its own format's word (a bar's
    /// name, a template's text); the formats other commands print a listing in (`lines` for
    /// `dismiss`, `deleted` for `delete --expired`) are named by what they are.
    public var rawValue: String {
        switch self {
        case .table: "table"
        case .json: "json"
        case .names: "names"
        case .quiet: "quiet"
        case .pressing(let format): format.rawValue
        case .lines: "lines"
        case .deleted: "deleted"
        }
    }

    public var help: String {
        switch self {
        case .table: "NAME  STATUS  TIME  LAPS, a row each (the default)"
        case .json: "one JSON object: {\"timers\": [...]}, as --json"
        case .names: "the names alone, one a line, reading no state file, as --names"
        case .quiet: "nothing: exit 0 when one runs, is paused or expired, 1 when none does, as --quiet"
        case .pressing(.bar(let bar)): "the most pressing one alone: " + bar.help
        case .pressing: "the most pressing one alone"
        case .lines: "each one's status line"
        case .deleted: "the names deleted"
        }
    }
}
