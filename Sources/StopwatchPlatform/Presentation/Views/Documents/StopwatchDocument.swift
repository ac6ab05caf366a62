/// The JSON of one stopwatch, as `status --json` prints it, `list --json` lists it, and every
/// command that changes a stopwatch prints it with `--json` (`lap` adds the lap).
struct StopwatchDocument: Encodable {
    var viewState: StopwatchViewState
    /// Adds `lap`, the lap just recorded (`lap --json`).
    var withLap = false

    enum CodingKeys: String, CodingKey {
        case name, kind, status, elapsedMilliseconds, elapsedMicroseconds, estimated, lapCount, latestLap, startedAt
        case durationMilliseconds, durationMicroseconds, remainingMilliseconds, remainingMicroseconds
        case overtimeMilliseconds, overtimeMicroseconds, expired, expiresAt
        case lap
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
        try container.encode(viewState.latestLap.map { LapDocument($0) }, forKey: .latestLap)
        try container.encode(viewState.startedAt, forKey: .startedAt)
        if let countdown = viewState.countdown {
            try container.encode(countdown.duration.milliseconds, forKey: .durationMilliseconds)
            try container.encode(countdown.duration.microseconds, forKey: .durationMicroseconds)
            try container.encode(countdown.remaining.milliseconds, forKey: .remainingMilliseconds)
            try container.encode(countdown.remaining.microseconds, forKey: .remainingMicroseconds)
            try container.encode(countdown.overtime.milliseconds, forKey: .overtimeMilliseconds)
            try container.encode(countdown.overtime.microseconds, forKey: .overtimeMicroseconds)
            try container.encode(countdown.isExpired, forKey: .expired)
            try container.encode(countdown.expiresAt, forKey: .expiresAt)
        }
        if withLap {
            try container.encode(viewState.latestLap.map { LapDocument($0) }, forKey: .lap)
        }
    }
}
