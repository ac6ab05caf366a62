import StopwatchCore

extension AwayPolicy: DeclaredChoice {
    public var help: String {
        switch self {
        case .keep: "away time (asleep, locked, idle) counts in the run (a stopwatch's and a countdown's default)"
        case .drop: "the run stands still while nobody is there (a cycle's default)"
        case .ask:
            "each stretch counts until you decide it (edit RUN --away keep|drop); the bars mark the run meanwhile"
        }
    }
}
