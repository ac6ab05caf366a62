extension TimedRunView.Format: DeclaredChoice {
    public var help: String {
        switch self {
        case .human: "'COMMAND took 01:02.34' (the default)"
        case .milliseconds: "whole milliseconds alone"
        case .seconds: "seconds with three decimals alone"
        case .json: "one JSON object, as --json"
        case .quiet: "nothing, as --quiet"
        }
    }
}
