/// The JSON of one stopwatch, as `status --json` prints it and `list --json` lists it.
struct StopwatchDocument: Encodable {
    var viewState: StopwatchViewState

    enum CodingKeys: String, CodingKey {
        case name, kind, status, elapsedMilliseconds, elapsedMicroseconds, estimated, lapCount, latestLap, startedAt
        case durationMilliseconds, remainingMilliseconds, overtimeMilliseconds, expired, expiresAt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(viewState.name, forKey: .name)
        try container.encode(viewState.countdown == nil ? "stopwatch" : "countdown", forKey: .kind)
        try container.encode(viewState.status, forKey: .status)
        try container.encode(viewState.elapsed.milliseconds, forKey: .elapsedMilliseconds)
        try container.encode(viewState.elapsed.microseconds, forKey: .elapsedMicroseconds)
        try container.encode(viewState.isEstimated, forKey: .estimated)
        try container.encode(viewState.lapCount, forKey: .lapCount)
        try container.encode(viewState.latestLap.map(LapDocument.init), forKey: .latestLap)
        try container.encode(viewState.startedAt, forKey: .startedAt)
        if let countdown = viewState.countdown {
            try container.encode(countdown.duration.milliseconds, forKey: .durationMilliseconds)
            try container.encode(countdown.remaining.milliseconds, forKey: .remainingMilliseconds)
            try container.encode(countdown.overtime.milliseconds, forKey: .overtimeMilliseconds)
            try container.encode(countdown.isExpired, forKey: .expired)
            try container.encode(countdown.expiresAt, forKey: .expiresAt)
        }
    }
}
