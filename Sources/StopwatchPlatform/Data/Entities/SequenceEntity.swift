import StopwatchCore

/// A cycle's `PhaseSequence` as stored: a journal line's `sequence`, and history's DETAIL of a
/// `cycle` (`PlanEntity`). Its phases are read straight into the Core's, unchecked until
/// `sequence()`: an array of another type is one more the runtime makes
/// at first use, which every `status` of a cycle paid for.
struct SequenceEntity: Equatable {
    var phases: [Phase]
    /// Absent: until stopped.
    var rounds: Int?
    var long: PhaseEntity?
    var longEvery: Int
    /// Absent: none.
    var waitsBefore: [String]? = nil
    /// Absent: no warning.
    var warningMicroseconds: Int64? = nil
}

struct PhaseEntity: Equatable {
    var label: String
    var microseconds: Int64
}

extension SequenceEntity {
    init(_ sequence: PhaseSequence) {
        self.init(
            phases: sequence.phases, rounds: sequence.rounds, long: sequence.long.map(PhaseEntity.init),
            longEvery: sequence.longEvery,
            waitsBefore: sequence.waitsBefore.isEmpty ? nil : sequence.waitsBefore,
            warningMicroseconds: sequence.warningMicroseconds == 0 ? nil : sequence.warningMicroseconds
        )
    }

    /// The Core's sequence, its ranges checked.
    func sequence() throws(EntityError) -> PhaseSequence {
        try StoredRange.phaseCount.check(Int64(phases.count), "sequence.phases.count")
        var checked: [Phase] = []
        for (index, phase) in phases.enumerated() {
            checked.append(try PhaseEntity(phase).phase(field: "sequence.phases[\(index)]."))
        }
        if let rounds { try StoredRange.rounds.check(Int64(rounds), "sequence.rounds") }
        try StoredRange.rounds.check(Int64(longEvery), "sequence.longEvery")
        for (index, label) in (waitsBefore ?? []).enumerated() {
            if let problem = Phase.problem(withLabel: label) {
                throw .invalidPhaseLabel(field: "sequence.waitsBefore[\(index)]", problem)
            }
        }
        var sequence = PhaseSequence(
            phases: checked, rounds: rounds, long: try long?.phase(field: "sequence.long."), longEvery: longEvery,
            waitsBefore: waitsBefore ?? []
        )
        if let warningMicroseconds {
            try StoredRange.countdown.check(warningMicroseconds, "sequence.warningMicroseconds")
            sequence.warningMicroseconds = warningMicroseconds
        }
        return sequence
    }
}

extension SequenceEntity {
    init(json: JSONValue) throws(JSONFieldError) {
        let fields = try JSONFields(json)
        self.init(
            phases: try fields.required("phases") { value throws(JSONFieldError) in
                guard case .array(let items) = value else { return nil }
                var phases: [Phase] = []
                phases.reserveCapacity(items.count)
                for index in items.indices {
                    let entity = try JSONFields.element(index) { () throws(JSONFieldError) in
                        try PhaseEntity(json: items[index])
                    }
                    phases.append(Phase(entity.label, .microseconds(entity.microseconds)))
                }
                return phases
            },
            rounds: try fields.optional("rounds", JSONFields.int),
            long: try fields.optional("long", PhaseEntity.init(json:)),
            longEvery: try fields.required("longEvery", JSONFields.int),
            waitsBefore: try fields.optional("waitsBefore") { value throws(JSONFieldError) in
                guard case .array(let items) = value else { return nil }
                var labels: [String] = []
                for item in items {
                    guard case .string(let label) = item else { return nil }
                    labels.append(label)
                }
                return labels
            },
            warningMicroseconds: try fields.optional("warningMicroseconds", JSONFields.int64)
        )
    }

    var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("phases", .array(phases.map { PhaseEntity($0).json })),
            .init("longEvery", .integer(Int64(longEvery))),
        ]
        if let rounds { members.append(.init("rounds", .integer(Int64(rounds)))) }
        if let long { members.append(.init("long", long.json)) }
        if let waitsBefore { members.append(.init("waitsBefore", .array(waitsBefore.map(JSONValue.string)))) }
        if let warningMicroseconds { members.append(.init("warningMicroseconds", .integer(warningMicroseconds))) }
        return .object(members)
    }
}

extension PhaseEntity {
    init(_ phase: Phase) {
        self.init(label: phase.label, microseconds: phase.duration.wholeMicroseconds)
    }

    /// The phase, checked; `prefix` (`sequence.phases[1].`) is made only for a complaint.
    func phase(field prefix: @autoclosure () -> String) throws(EntityError) -> Phase {
        if let problem = Phase.problem(withLabel: label) {
            throw .invalidPhaseLabel(field: prefix() + "label", problem)
        }
        try StoredRange.countdown.check(microseconds, prefix() + "microseconds")
        return Phase(label, .microseconds(microseconds))
    }
}

extension PhaseEntity {
    init(json: JSONValue) throws(JSONFieldError) {
        let fields = try JSONFields(json)
        self.init(
            label: try fields.required("label", JSONFields.string),
            microseconds: try fields.required("microseconds", JSONFields.int64))
    }

    var json: JSONValue {
        .object([.init("label", .string(label)), .init("microseconds", .integer(microseconds))])
    }
}
