/// `status --format`.
public enum StatusFormatChoice: String, DeclaredChoice {
    case human, ms, s, json

    public var help: String {
        switch self {
        case .human: "'NAME: STATUS TIME, N laps' (the default)"
        case .ms: "elapsed whole milliseconds alone (a countdown: the time left)"
        case .s: "the same in seconds, three decimals"
        case .json: "one JSON object, as --json"
        }
    }
}
