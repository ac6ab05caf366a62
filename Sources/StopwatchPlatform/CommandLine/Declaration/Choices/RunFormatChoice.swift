/// `run --format`.
public enum RunFormatChoice: String, DeclaredChoice {
    case human, ms, s, json

    public var help: String {
        switch self {
        case .human: "'COMMAND took 01:02.34' (the default)"
        case .ms: "whole milliseconds alone"
        case .s: "seconds with three decimals alone"
        case .json: "one JSON object, as --json"
        }
    }
}
