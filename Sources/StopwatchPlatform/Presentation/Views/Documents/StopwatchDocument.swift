/// The JSON of one stopwatch, as `status --json` prints it and `list --json` lists it.
struct StopwatchDocument: Encodable {
    var viewState: StopwatchViewState

    enum CodingKeys: String, CodingKey {
        case name, status, elapsedMilliseconds, elapsedMicroseconds, estimated, lapCount, latestLap, startedAt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(viewState.name, forKey: .name)
        try container.encode(viewState.status, forKey: .status)
        try container.encode(viewState.elapsed.milliseconds, forKey: .elapsedMilliseconds)
        try container.encode(viewState.elapsed.microseconds, forKey: .elapsedMicroseconds)
        try container.encode(viewState.isEstimated, forKey: .estimated)
        try container.encode(viewState.lapCount, forKey: .lapCount)
        try container.encode(viewState.latestLap.map(LapDocument.init), forKey: .latestLap)
        try container.encode(viewState.startedAt, forKey: .startedAt)
    }
}
