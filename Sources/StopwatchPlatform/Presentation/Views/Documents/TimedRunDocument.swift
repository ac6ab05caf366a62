/// The JSON line `run --json` writes; `stopwatch` is the stopwatch the run was recorded in, as
/// `lap --json` prints it, or null.
struct TimedRunDocument: Encodable {
    var viewState: TimedRunViewState

    enum CodingKeys: String, CodingKey {
        case command, elapsedMilliseconds, elapsedMicroseconds, exitStatus, signal, stopwatch
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(viewState.arguments, forKey: .command)
        try container.encode(viewState.elapsed.milliseconds, forKey: .elapsedMilliseconds)
        try container.encode(viewState.elapsed.microseconds, forKey: .elapsedMicroseconds)
        try container.encode(viewState.status, forKey: .exitStatus)
        try container.encode(viewState.signal, forKey: .signal)
        try container.encode(viewState.stopwatch.map { StopwatchDocument(viewState: $0, withLap: true) }, forKey: .stopwatch)
    }
}
