import StopwatchCore

/// A journal line's `lastAway`: the last locked or idle stretch booked on the run in progress
/// (`StopwatchState.lastAway`), `{"cause": "lock", "fromMicroseconds": …, "toMicroseconds": …,
/// "lengthMicroseconds": …}`, wall-clock instants and the time the run counted of it.
struct AwayStretchEntity: Equatable {
    var cause: String
    var fromMicroseconds: Int64
    var toMicroseconds: Int64
    var lengthMicroseconds: Int64

    init(cause: String, fromMicroseconds: Int64, toMicroseconds: Int64, lengthMicroseconds: Int64) {
        self.cause = cause
        self.fromMicroseconds = fromMicroseconds
        self.toMicroseconds = toMicroseconds
        self.lengthMicroseconds = lengthMicroseconds
    }

    init(_ stretch: AwayStretch) {
        self.init(
            cause: stretch.cause.rawValue, fromMicroseconds: stretch.from.wholeMicroseconds,
            toMicroseconds: stretch.to.wholeMicroseconds, lengthMicroseconds: stretch.length.wholeMicroseconds)
    }

    init(json: JSONValue) throws(JSONFieldError) {
        let fields = try JSONFields(json)
        self.init(
            cause: try fields.required("cause", JSONFields.string),
            fromMicroseconds: try fields.required("fromMicroseconds", JSONFields.int64),
            toMicroseconds: try fields.required("toMicroseconds", JSONFields.int64),
            lengthMicroseconds: try fields.required("lengthMicroseconds", JSONFields.int64))
    }

    var json: JSONValue {
        .object([
            .init("cause", .string(cause)), .init("fromMicroseconds", .integer(fromMicroseconds)),
            .init("lengthMicroseconds", .integer(lengthMicroseconds)),
            .init("toMicroseconds", .integer(toMicroseconds)),
        ])
    }

    /// The Core's stretch; refused when its cause is not a lock's or an idle stretch's, its end is
    /// before its start, or it counted more than it lasted.
    func stretch() throws(EntityError) -> AwayStretch {
        guard let cause = AwayCause(rawValue: cause), cause != .suspend else { throw .badAwayStretch }
        try StoredRange.wall.check(fromMicroseconds, "lastAway.fromMicroseconds")
        try StoredRange.wall.check(toMicroseconds, "lastAway.toMicroseconds")
        guard fromMicroseconds <= toMicroseconds else { throw .badAwayStretch }
        try StoredRange(0...(toMicroseconds - fromMicroseconds)).check(
            lengthMicroseconds, "lastAway.lengthMicroseconds")
        return AwayStretch(
            cause: cause, from: .microseconds(fromMicroseconds), to: .microseconds(toMicroseconds),
            length: .microseconds(lengthMicroseconds))
    }
}
