import StopwatchCore

/// A journal line's `lastAway`: the last stretch nobody was there booked on the run in progress
/// (`StopwatchState.lastAway`), `{"cause": "lock", "fromMicroseconds": …, "toMicroseconds": …,
/// "lengthMicroseconds": …, "asleepMicroseconds": …}`, wall-clock instants, the time the run
/// counted of it, and how much of that the machine slept (absent for none).
struct AwayStretchEntity: Equatable {
    var cause: String
    var fromMicroseconds: Int64
    var toMicroseconds: Int64
    var lengthMicroseconds: Int64
    var asleepMicroseconds: Int64?

    init(
        cause: String, fromMicroseconds: Int64, toMicroseconds: Int64, lengthMicroseconds: Int64,
        asleepMicroseconds: Int64? = nil
    ) {
        self.cause = cause
        self.fromMicroseconds = fromMicroseconds
        self.toMicroseconds = toMicroseconds
        self.lengthMicroseconds = lengthMicroseconds
        self.asleepMicroseconds = asleepMicroseconds
    }

    init(_ stretch: AwayStretch) {
        self.init(
            cause: stretch.cause.rawValue, fromMicroseconds: stretch.from.wholeMicroseconds,
            toMicroseconds: stretch.to.wholeMicroseconds, lengthMicroseconds: stretch.length.wholeMicroseconds,
            asleepMicroseconds: stretch.asleep == .zero ? nil : stretch.asleep.wholeMicroseconds)
    }

    init(json: JSONValue) throws(JSONFieldError) {
        let fields = try JSONFields(json)
        self.init(
            cause: try fields.required("cause", JSONFields.string),
            fromMicroseconds: try fields.required("fromMicroseconds", JSONFields.int64),
            toMicroseconds: try fields.required("toMicroseconds", JSONFields.int64),
            lengthMicroseconds: try fields.required("lengthMicroseconds", JSONFields.int64),
            asleepMicroseconds: try fields.optional("asleepMicroseconds", JSONFields.int64))
    }

    var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("cause", .string(cause)), .init("fromMicroseconds", .integer(fromMicroseconds)),
            .init("lengthMicroseconds", .integer(lengthMicroseconds)),
            .init("toMicroseconds", .integer(toMicroseconds)),
        ]
        if let asleepMicroseconds { members.append(.init("asleepMicroseconds", .integer(asleepMicroseconds))) }
        return .object(members)
    }

    /// The Core's stretch; refused when its cause is not one there is, its end is before its
    /// start, it counted more than it lasted or slept more than it counted, or a suspend's was
    /// not all sleep.
    func stretch() throws(EntityError) -> AwayStretch {
        guard let cause = AwayCause(rawValue: cause) else { throw .badAwayStretch }
        try StoredRange.wall.check(fromMicroseconds, "lastAway.fromMicroseconds")
        try StoredRange.wall.check(toMicroseconds, "lastAway.toMicroseconds")
        guard fromMicroseconds <= toMicroseconds else { throw .badAwayStretch }
        try StoredRange(0...(toMicroseconds - fromMicroseconds)).check(
            lengthMicroseconds, "lastAway.lengthMicroseconds")
        let asleep = asleepMicroseconds ?? 0
        try StoredRange(0...lengthMicroseconds).check(asleep, "lastAway.asleepMicroseconds")
        guard cause != .suspend || asleep == lengthMicroseconds else { throw .badAwayStretch }
        return AwayStretch(
            cause: cause, from: .microseconds(fromMicroseconds), to: .microseconds(toMicroseconds),
            length: .microseconds(lengthMicroseconds), asleep: .microseconds(asleep))
    }
}
