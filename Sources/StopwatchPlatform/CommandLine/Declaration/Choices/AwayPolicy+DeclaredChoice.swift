import StopwatchCore

extension AwayPolicy: DeclaredChoice {
    public var help: String {
        switch self {
        case .keep: "the time the machine slept counts in the run (a stopwatch's and a countdown's default)"
        case .drop: "the run stands still while the machine sleeps (a cycle's default)"
        }
    }
}
