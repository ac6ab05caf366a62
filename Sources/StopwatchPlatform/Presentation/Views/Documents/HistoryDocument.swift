/// The JSON that `history --json` prints (docs/json-format.md): the runs, newest first.
struct HistoryDocument {
    var viewState: HistoryViewState

    var json: JSONValue {
        .object([
            .init("runs", .array(viewState.runs.map(Self.json))),
            .init("damagedLines", .integer(Int64(viewState.damaged.count))),
        ])
    }

    static func json(_ phase: PhaseTimeViewState) -> JSONValue {
        .object([
            .init("label", .string(phase.label)),
            .init("planned", .string(phase.planned.clock)),
            .init("plannedMilliseconds", .integer(phase.planned.milliseconds)),
            .init("actual", .string(phase.actual.clock)),
            .init("actualMilliseconds", .integer(phase.actual.milliseconds)),
            .init("waited", .string(phase.waited.clock)),
            .init("waitedMilliseconds", .integer(phase.waited.milliseconds)),
            .init("ended", .bool(phase.ended)),
        ])
    }

    static func json(_ run: RunViewState) -> JSONValue {
        .object([
            .init("id", .string(run.id)),
            .init("name", .string(run.name)),
            .init("kind", .string(run.kind.word)),
            .init("plan", .string(run.plan)),
            .init("status", .string(run.status)),
            .init("start", .string(run.start)),
            .init("end", .string(run.end)),
            .init("elapsed", .string(run.elapsed.clock)),
            .init("elapsedMilliseconds", .integer(run.elapsed.milliseconds)),
            .init("elapsedMicroseconds", .integer(run.elapsed.microseconds)),
            .init("overtime", .string(run.overtime.clock)),
            .init("overtimeMilliseconds", .integer(run.overtime.milliseconds)),
            .init("estimated", .bool(run.isEstimated)),
            .init("laps", .integer(Int64(run.lapCount))),
            .init("phasesEnded", .integer(Int64(run.phasesEnded))),
            .init("phases", .array(run.phases.map(Self.json))),
            .init("tags", .array(run.tags.map { .string($0) })),
            .init("conflict", .bool(run.isConflicted)),
            .init("machine", run.machine.map { .string($0) } ?? .null),
            .init("away", .string(run.away.time.clock)),
            .init("awayMilliseconds", .integer(run.away.time.milliseconds)),
            .init("awayPolicy", .string(run.away.policy.rawValue)),
            .init("awayDroppedMilliseconds", .integer(run.away.dropped / 1000)),
            .init("awayUndecidedMilliseconds", .integer(run.away.undecided / 1000)),
            .init("awayByCause", AwayDocument(viewState: run.away).json),
        ])
    }
}
