/// The JSON of one lap.
///
/// `best` and `worst` are there only in a lap list (`laps --json`), where they are computed from
/// every lap; a lap on its own (`latestLap`, `lap`) does not know the others, so it has neither.
struct LapDocument {
    var viewState: LapViewState
    var withMarks: Bool

    init(_ viewState: LapViewState, withMarks: Bool = false) {
        self.viewState = viewState
        self.withMarks = withMarks
    }

    var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("number", .integer(Int64(viewState.number))),
            .init("lapMilliseconds", .integer(viewState.duration.milliseconds)),
            .init("lapMicroseconds", .integer(viewState.duration.microseconds)),
            .init("totalMilliseconds", .integer(viewState.total.milliseconds)),
            .init("totalMicroseconds", .integer(viewState.total.microseconds)),
            .init("label", .optional(viewState.label, JSONValue.string)),
            .init("recordedAt", .string(viewState.recordedAt)),
        ]
        if withMarks {
            members += [.init("best", .bool(viewState.isBest)), .init("worst", .bool(viewState.isWorst))]
        }
        return .object(members)
    }
}
