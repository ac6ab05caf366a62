import StopwatchCore

/// A run's `Plan` as stored, the one place in Data that says how each kind of plan is written:
/// in a journal line (and a state file before 0.4.0) as the fields `countdownMicroseconds` (a
/// countdown) or `sequence` (a cycle), neither for a stopwatch; in history as its PLAN word and
/// DETAIL field (`stopwatch` and nothing, `countdown` and the duration in microseconds, `cycle`
/// and the sequence as the journal's `sequence` object).
///
/// A new kind of plan adds its case to the two `switch`es here, and a field of its own where the
/// journal has none that fits (docs/architecture.md, "Adding a kind of plan").
struct PlanEntity: Equatable {
    /// The full duration of a countdown.
    var countdownMicroseconds: Int64?
    /// A cycle's phases (version 3 only).
    var sequence: SequenceEntity?

    init(countdownMicroseconds: Int64? = nil, sequence: SequenceEntity? = nil) {
        self.countdownMicroseconds = countdownMicroseconds
        self.sequence = sequence
    }

    init(_ plan: Plan) {
        switch plan {
        case .open: self.init()
        case .countdown(let duration): self.init(countdownMicroseconds: duration.wholeMicroseconds)
        case .sequence(let sequence): self.init(sequence: SequenceEntity(sequence))
        }
    }

    /// The Core's plan, checked: a journal line's (`inJournal`) or a state file's, which holds a
    /// stopwatch or a countdown only. Neither field is a stopwatch.
    func plan(inJournal: Bool) throws(EntityError) -> Plan {
        if let sequence {
            guard inJournal, countdownMicroseconds == nil else { throw .sequenceOutsideJournal }
            return .sequence(try sequence.sequence())
        }
        if let countdownMicroseconds {
            // Taken down to nothing only by a version that writes journals.
            try (inJournal ? StoredRange.countdownDuration : .countdown).check(
                countdownMicroseconds, "countdownMicroseconds")
            return .countdown(.microseconds(countdownMicroseconds))
        }
        return .open
    }

    // MARK: - In a journal line

    /// The plan's fields among a journal line's `state` (`fields`).
    init(journal fields: JSONFields) throws(JSONFieldError) {
        self.init(
            countdownMicroseconds: try fields.optional("countdownMicroseconds", JSONFields.int64),
            sequence: try fields.optional("sequence", SequenceEntity.init(json:)))
    }

    /// Adds the plan's fields to a journal line's `state`.
    func appendJournalMembers(to members: inout [JSONValue.Member]) {
        if let countdownMicroseconds { members.append(.init("countdownMicroseconds", .integer(countdownMicroseconds))) }
        if let sequence { members.append(.init("sequence", sequence.json)) }
    }

    // MARK: - In history

    /// A plan's PLAN and DETAIL fields in a history line.
    static func historyFields(_ plan: Plan) -> (kind: String, detail: String) {
        switch plan {
        case .open: ("stopwatch", "")
        case .countdown(let duration): ("countdown", String(duration.wholeMicroseconds))
        case .sequence(let sequence): ("cycle", JSONWriter.compact(SequenceEntity(sequence).json))
        }
    }

    /// The plan a history line's PLAN (`kind`, `kindText` for a complaint) and DETAIL fields
    /// hold, checked as a journal's is.
    static func plan(historyKind kind: ArraySlice<UInt8>, kindText: String, detail: ArraySlice<UInt8>)
        throws(EntityError) -> Plan
    {
        if kind.isWord("stopwatch"), detail.isEmpty {
            return .open
        } else if kind.isWord("countdown") {
            guard let duration = FieldCursor.integer(detail) else {
                throw .badHistoryField(field: "countdown", value: String(decoding: detail, as: UTF8.self))
            }
            try StoredRange.countdownDuration.check(duration, "countdown")
            return .countdown(.microseconds(duration))
        } else if kind.isWord("cycle") {
            do {
                return .sequence(try SequenceEntity(json: JSONReader.read(Array(detail))).sequence())
            } catch let error as EntityError {
                throw error
            } catch {
                throw .badHistoryField(field: "cycle", value: String(decoding: detail, as: UTF8.self))
            }
        }
        throw .badHistoryField(
            field: "plan", value: kindText + (detail.isEmpty ? "" : " " + String(decoding: detail, as: UTF8.self)))
    }
}
