import StopwatchCore

/// One line of the history file, `history/runs.tsv` (docs/state-format.md): one run that ended,
/// as tab-separated fields behind a check, so that a report over a hundred thousand runs reads
/// them without a JSON parser:
///
///     CHECK \t 1 \t NAME \t START \t START-OFFSET \t END \t END-OFFSET \t ELAPSED \t ESTIMATED
///           \t LAPS \t PHASES-ENDED \t PLAN \t PLAN-DETAIL \t TAGS \t PHASE-TIMES
///
/// CHECK is the CRC-32 of the bytes after its tab (8 hex digits), newline left out; `1` the line's
/// version. START and END are wall-clock microseconds since the Unix epoch, each with the UTC
/// offset in seconds it had; ELAPSED microseconds; ESTIMATED `0` or `1`; PLAN `stopwatch`,
/// `countdown` (its DETAIL the duration in microseconds) or `cycle` (its DETAIL the sequence as a
/// journal line's `sequence` object); PHASE-TIMES a cycle's `RunRecord.phaseTimes`, microseconds,
/// comma-separated (a line without the field, as the first builds of 0.4.0 wrote, has none). A
/// line whose check fails was torn by a power cut (or damaged) and is passed over, never a reason
/// to lose the rest.
struct RunLine: Equatable {
    static let version = "1"

    /// The run, with the UTC offsets (whole seconds) it had at its start and end.
    var record: RunRecord

    init(_ record: RunRecord) {
        self.record = record
    }

    /// The line, its newline included.
    var bytes: [UInt8] {
        let (kind, detail): (String, String) =
            switch record.plan {
            case .open: ("stopwatch", "")
            case .countdown(let duration): ("countdown", String(duration.wholeMicroseconds))
            case .sequence(let sequence): ("cycle", JSONWriter.compact(SequenceEntity(sequence).json))
            }
        let fields = [
            Self.version, record.name.rawValue, String(record.startedAt.wholeMicroseconds), String(record.startOffset.wholeSeconds),
            String(record.endedAt.wholeMicroseconds), String(record.endOffset.wholeSeconds), String(record.elapsed.wholeMicroseconds),
            record.isEstimated ? "1" : "0", String(record.lapCount), String(record.phasesEnded), kind, detail, record.tags.joined(separator: ","),
            record.phaseTimes.map { String($0.wholeMicroseconds) }.joined(separator: ","),
        ]
        let body = Array(fields.joined(separator: "\t").utf8)
        return Array(CRC32.hex(CRC32.checksum(body)).utf8) + [UInt8(ascii: "\t")] + body + [UInt8(ascii: "\n")]
    }

    /// The line (its newline left out), or nil when its check fails: torn or damaged. A line whose
    /// check holds but whose fields are wrong throws, as a bad file does. `names` keeps the names
    /// read so far, so that a history of a hundred thousand lines makes each name once.
    static func decode(_ line: ArraySlice<UInt8>, names: inout [StopwatchName]) throws(EntityError) -> RunLine? {
        guard line.count > 9, line[line.startIndex + 8] == UInt8(ascii: "\t"),
            let check = CRC32.parseHex(line[line.startIndex..<(line.startIndex + 8)]),
            CRC32.checksum(line[(line.startIndex + 9)...]) == check
        else { return nil }
        // Field by field from a cursor: splitting the line into an array cost a report over a
        // hundred thousand lines a quarter of its time.
        var cursor = FieldCursor(line: line, start: line.startIndex + 9)
        guard cursor.next().elementsEqual(version.utf8) else { throw .badHistoryField(field: "version", value: cursor.text) }
        let nameBytes = cursor.next()
        let name: StopwatchName
        if let known = names.first(where: { $0.rawValue.utf8.elementsEqual(nameBytes) }) {
            name = known
        } else {
            guard let made = StopwatchName(String(decoding: nameBytes, as: UTF8.self)) else { throw .badHistoryField(field: "name", value: cursor.text) }
            if names.count < 64 { names.append(made) }
            name = made
        }
        let start = try cursor.number("start", .wall)
        let startOffset = try cursor.number("startOffset", .utcOffset)
        let end = try cursor.number("end", .wall)
        let endOffset = try cursor.number("endOffset", .utcOffset)
        let elapsed = try cursor.number("elapsed", .nonNegative)
        let estimated = try cursor.number("estimated", StoredRange(0...1))
        let laps = try cursor.number("laps", .nonNegative)
        let phases = try cursor.number("phasesEnded", .phaseIndex)
        let kind = cursor.next()
        let kindText = cursor.text
        let detail = cursor.next()
        let tagBytes = cursor.next()
        var tags: [String] = []
        if !tagBytes.isEmpty {
            tags = tagBytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard tags.count <= Tag.maximumCount, tags.allSatisfy(Tag.isValid) else { throw .badHistoryField(field: "tags", value: cursor.text) }
        }
        var phaseTimes: [Duration] = []
        if !cursor.isAtEnd, case let timeBytes = cursor.next(), !timeBytes.isEmpty {
            for field in timeBytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                guard let time = FieldCursor.integer(field), phaseTimes.count < PhaseSequence.itemizedPhases else {
                    throw .badHistoryField(field: "phaseTimes", value: cursor.text)
                }
                try StoredRange.nonNegative.check(time, "phaseTimes")
                phaseTimes.append(.microseconds(time))
            }
        }
        guard cursor.isAtEnd, !cursor.isShort else { throw .badHistoryField(field: "field count", value: String(cursor.count)) }
        guard phaseTimes.isEmpty || kind.elementsEqual("cycle".utf8) else { throw .badHistoryField(field: "phaseTimes", value: "beside a \(kindText)") }
        let plan: Plan
        if kind.elementsEqual("stopwatch".utf8), detail.isEmpty {
            plan = .open
        } else if kind.elementsEqual("countdown".utf8) {
            guard let duration = FieldCursor.integer(detail) else { throw .badHistoryField(field: "countdown", value: String(decoding: detail, as: UTF8.self)) }
            try StoredRange.countdown.check(duration, "countdown")
            plan = .countdown(.microseconds(duration))
        } else if kind.elementsEqual("cycle".utf8) {
            do {
                let entity = try SequenceEntity(json: JSONReader.read(Array(detail)), path: "sequence.")
                plan = .sequence(try entity.sequence(inJournal: true, countdown: nil))
            } catch let error as EntityError {
                throw error
            } catch {
                throw .badHistoryField(field: "cycle", value: String(decoding: detail, as: UTF8.self))
            }
        } else {
            throw .badHistoryField(field: "plan", value: kindText + (detail.isEmpty ? "" : " " + String(decoding: detail, as: UTF8.self)))
        }
        var record = RunRecord(
            name: name, plan: plan, startedAt: .microseconds(start), endedAt: .microseconds(end), elapsed: .microseconds(elapsed),
            isEstimated: estimated == 1, lapCount: Int(laps), phasesEnded: Int(phases)
        )
        record.startOffset = .seconds(startOffset)
        record.endOffset = .seconds(endOffset)
        record.tags = tags
        record.phaseTimes = phaseTimes
        return RunLine(record)
    }
}

/// The tab-separated fields of a history line, read one after the other without copying.
private struct FieldCursor {
    let line: ArraySlice<UInt8>
    var position: Int
    /// The field read last.
    var field: ArraySlice<UInt8> = []
    /// How many fields were read, and whether one was asked for past the end.
    var count = 0
    var isShort = false

    init(line: ArraySlice<UInt8>, start: Int) {
        self.line = line
        position = start
    }

    var isAtEnd: Bool { position > line.endIndex }
    var text: String { String(decoding: field, as: UTF8.self) }

    mutating func next() -> ArraySlice<UInt8> {
        guard position <= line.endIndex else {
            isShort = true
            field = []
            return field
        }
        var end = position
        while end < line.endIndex, line[end] != UInt8(ascii: "\t") { end += 1 }
        field = line[position..<end]
        position = end + 1
        count += 1
        return field
    }

    /// The next field as a whole number in `range`.
    mutating func number(_ name: String, _ range: StoredRange) throws(EntityError) -> Int64 {
        guard let value = Self.integer(next()) else { throw .badHistoryField(field: name, value: text) }
        try range.check(value, name)
        return value
    }

    /// Decimal digits with an optional `-`, at most 18 of them; nil for anything else.
    static func integer(_ bytes: ArraySlice<UInt8>) -> Int64? {
        var digits = bytes
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }
}
