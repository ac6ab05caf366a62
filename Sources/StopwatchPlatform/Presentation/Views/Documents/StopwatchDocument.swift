/// The JSON of one stopwatch, as `status --json` prints it, `list --json` lists it, and every
/// command that changes a stopwatch prints it with `--json` (`lap` adds the lap). A cycle adds
/// `phase`; one of so many rounds has a countdown's fields too, counting down to its end.
struct StopwatchDocument {
    var viewState: StopwatchViewState
    /// Adds `lap`, the lap just recorded (`lap --json`).
    var withLap = false

    var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("name", .string(viewState.name)),
            .init("kind", .string(viewState.kind.word)),
            .init("status", .string(viewState.status.token)),
            .init("elapsedMilliseconds", .integer(viewState.elapsed.milliseconds)),
            .init("elapsedMicroseconds", .integer(viewState.elapsed.microseconds)),
            .init("estimated", .bool(viewState.isEstimated)),
            .init("lapCount", .integer(Int64(viewState.lapCount))),
            .init("latestLap", .optional(viewState.latestLap) { LapDocument($0).json }),
            .init("startedAt", .optional(viewState.startedAt, JSONValue.string)),
            .init("machine", .optional(viewState.runsOn, JSONValue.string)),
            .init("awayMilliseconds", .integer(viewState.away.time.milliseconds)),
            .init("awayMicroseconds", .integer(viewState.away.time.microseconds)),
            .init("awayPolicy", .string(viewState.away.policy.rawValue)),
            .init("awayDroppedMilliseconds", .integer(viewState.away.dropped / 1000)),
            .init("awayUndecidedMilliseconds", .integer(viewState.away.undecided / 1000)),
            .init("awayByCause", AwayDocument(viewState: viewState.away).json),
        ]
        if let countdown = viewState.countdown {
            members += [
                .init("durationMilliseconds", .integer(countdown.duration.milliseconds)),
                .init("durationMicroseconds", .integer(countdown.duration.microseconds)),
                .init("remainingMilliseconds", .integer(countdown.remaining.milliseconds)),
                .init("remainingMicroseconds", .integer(countdown.remaining.microseconds)),
                .init("overtimeMilliseconds", .integer(countdown.overtime.milliseconds)),
                .init("overtimeMicroseconds", .integer(countdown.overtime.microseconds)),
                .init("expired", .bool(countdown.isExpired)),
                .init("expiresAt", .optional(countdown.expiresAt, JSONValue.string)),
            ]
        }
        if let phase = viewState.phase {
            members.append(
                .init(
                    "phase",
                    .object([
                        .init("label", .string(phase.label)),
                        .init("number", .integer(Int64(phase.number))),
                        .init("count", .optional(phase.count) { .integer(Int64($0)) }),
                        .init("round", .integer(Int64(phase.round))),
                        .init("rounds", .optional(phase.rounds) { .integer(Int64($0)) }),
                        .init("durationMilliseconds", .integer(phase.duration.milliseconds)),
                        .init("durationMicroseconds", .integer(phase.duration.microseconds)),
                        .init("remainingMilliseconds", .integer(viewState.phaseLeft.milliseconds)),
                        .init("remainingMicroseconds", .integer(viewState.phaseLeft.microseconds)),
                        .init("next", .optional(phase.next, JSONValue.string)),
                        .init("endsAt", .optional(phase.expiresAt, JSONValue.string)),
                        .init("waiting", .bool(phase.isWaiting)),
                        .init("overMilliseconds", .integer(viewState.phaseOver.milliseconds)),
                        .init("overMicroseconds", .integer(viewState.phaseOver.microseconds)),
                    ])
                )
            )
        }
        if withLap {
            members.append(.init("lap", .optional(viewState.latestLap) { LapDocument($0).json }))
        }
        return .object(members)
    }
}
