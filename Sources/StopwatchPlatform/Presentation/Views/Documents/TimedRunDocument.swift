/// The JSON line `run --json` writes; `stopwatch` is the stopwatch the run was recorded in, as
/// `lap --json` prints it, or null.
struct TimedRunDocument {
    var viewState: TimedRunViewState

    var json: JSONValue {
        .object([
            .init("command", .array(viewState.arguments.map(JSONValue.string))),
            .init("elapsedMilliseconds", .integer(viewState.elapsed.milliseconds)),
            .init("elapsedMicroseconds", .integer(viewState.elapsed.microseconds)),
            .init("exitStatus", .integer(Int64(viewState.status))),
            .init("signal", .optional(viewState.signal) { .integer(Int64($0)) }),
            .init("stopwatch", .optional(viewState.stopwatch) { StopwatchDocument(viewState: $0, withLap: true).json }),
        ])
    }
}
