/// The JSON that `laps --json` prints: the laps and their statistics (null when there are none).
struct LapsDocument: Encodable {
    var viewState: LapsViewState

    enum CodingKeys: String, CodingKey {
        case name, laps, statistics
    }

    enum StatisticsKeys: String, CodingKey {
        case count
        case minimumMilliseconds, minimumMicroseconds, maximumMilliseconds, maximumMicroseconds
        case meanMilliseconds, meanMicroseconds, medianMilliseconds, medianMicroseconds
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(viewState.name, forKey: .name)
        try container.encode(viewState.laps.map { LapDocument($0, withMarks: true) }, forKey: .laps)
        guard let statistics = viewState.statistics else {
            try container.encodeNil(forKey: .statistics)
            return
        }
        var nested = container.nestedContainer(keyedBy: StatisticsKeys.self, forKey: .statistics)
        try nested.encode(statistics.count, forKey: .count)
        try nested.encode(statistics.minimum.milliseconds, forKey: .minimumMilliseconds)
        try nested.encode(statistics.minimum.microseconds, forKey: .minimumMicroseconds)
        try nested.encode(statistics.maximum.milliseconds, forKey: .maximumMilliseconds)
        try nested.encode(statistics.maximum.microseconds, forKey: .maximumMicroseconds)
        try nested.encode(statistics.mean.milliseconds, forKey: .meanMilliseconds)
        try nested.encode(statistics.mean.microseconds, forKey: .meanMicroseconds)
        try nested.encode(statistics.median.milliseconds, forKey: .medianMilliseconds)
        try nested.encode(statistics.median.microseconds, forKey: .medianMicroseconds)
    }
}
