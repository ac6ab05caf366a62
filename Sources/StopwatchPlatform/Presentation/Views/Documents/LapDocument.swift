/// The JSON of one lap.
///
/// `best` and `worst` are there only in a lap list (`laps --json`), where they are computed from
/// every lap; a lap on its own (`latestLap`, `lap`) does not know the others, so it has neither.
struct LapDocument: Encodable {
    var viewState: LapViewState
    var withMarks: Bool

    init(_ viewState: LapViewState, withMarks: Bool = false) {
        self.viewState = viewState
        self.withMarks = withMarks
    }

    enum CodingKeys: String, CodingKey {
        case number, lapMilliseconds, lapMicroseconds, totalMilliseconds, totalMicroseconds, label, best, worst
        case recordedAt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(viewState.number, forKey: .number)
        try container.encode(viewState.duration.milliseconds, forKey: .lapMilliseconds)
        try container.encode(viewState.duration.microseconds, forKey: .lapMicroseconds)
        try container.encode(viewState.total.milliseconds, forKey: .totalMilliseconds)
        try container.encode(viewState.total.microseconds, forKey: .totalMicroseconds)
        try container.encode(viewState.label, forKey: .label)
        try container.encode(viewState.recordedAt, forKey: .recordedAt)
        if withMarks {
            try container.encode(viewState.isBest, forKey: .best)
            try container.encode(viewState.isWorst, forKey: .worst)
        }
    }
}
