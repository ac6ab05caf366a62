import StopwatchCore

/// One line of the history file, `history/runs.tsv` (docs/state-format.md): one run that ended,
/// as tab-separated fields behind a check, so that a report over a hundred thousand runs reads
/// them without a JSON parser:
///
///     CHECK \t 1 \t NAME \t START \t START-OFFSET \t END \t END-OFFSET \t ELAPSED \t ESTIMATED
///           \t LAPS \t PHASES-ENDED \t PLAN \t PLAN-DETAIL
///
/// CHECK is the CRC-32 of the bytes after its tab (8 hex digits), newline left out; `1` the line's
/// version. START and END are wall-clock microseconds since the Unix epoch, each with the UTC
/// offset in seconds it had; ELAPSED microseconds; ESTIMATED `0` or `1`; PLAN `stopwatch`,
/// `countdown` (its DETAIL the duration in microseconds) or `cycle` (its DETAIL the sequence as a
/// journal line's `sequence` object). A line whose check fails was torn by a power cut (or
/// damaged) and is passed over, never a reason to lose the rest.
struct RunLine: Equatable {
    static let version = "1"
    static let fieldCount = 12

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
            record.isEstimated ? "1" : "0", String(record.lapCount), String(record.phasesEnded), kind, detail,
        ]
        let body = Array(fields.joined(separator: "\t").utf8)
        return Array(CRC32.hex(CRC32.checksum(body)).utf8) + [UInt8(ascii: "\t")] + body + [UInt8(ascii: "\n")]
    }

    /// The line (its newline left out), or nil when its check fails: torn or damaged. A line whose
    /// check holds but whose fields are wrong throws, as a bad file does.
    static func decode(_ line: ArraySlice<UInt8>) throws(EntityError) -> RunLine? {
        guard line.count > 9, line[line.startIndex + 8] == UInt8(ascii: "\t"),
            let check = CRC32.parseHex(line[line.startIndex..<(line.startIndex + 8)]),
            CRC32.checksum(line[(line.startIndex + 9)...]) == check
        else { return nil }
        let fields = line[(line.startIndex + 9)...].split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        func text(_ index: Int) -> String { String(decoding: fields[index], as: UTF8.self) }
        guard fields.count == fieldCount else { throw .badHistoryField(field: "field count", value: String(fields.count)) }
        guard fields[0].elementsEqual(version.utf8) else { throw .badHistoryField(field: "version", value: text(0)) }
        guard let name = StopwatchName(text(1)) else { throw .badHistoryField(field: "name", value: text(1)) }
        func number(_ index: Int, _ field: String, _ range: StoredRange) throws(EntityError) -> Int64 {
            guard let value = Int64(text(index)) else { throw .badHistoryField(field: field, value: text(index)) }
            try range.check(value, field)
            return value
        }
        let start = try number(2, "start", .wall)
        let startOffset = try number(3, "startOffset", .utcOffset)
        let end = try number(4, "end", .wall)
        let endOffset = try number(5, "endOffset", .utcOffset)
        let elapsed = try number(6, "elapsed", .nonNegative)
        let estimated = try number(7, "estimated", StoredRange(0...1))
        let laps = try number(8, "laps", .nonNegative)
        let phases = try number(9, "phasesEnded", .phaseIndex)
        let detail = fields[11]
        let plan: Plan
        switch text(10) {
        case "stopwatch" where detail.isEmpty:
            plan = .open
        case "countdown":
            plan = .countdown(.microseconds(try number(11, "countdown", .countdown)))
        case "cycle":
            do {
                let entity = try SequenceEntity(json: JSONReader.read(Array(detail)), path: "sequence.")
                plan = .sequence(try entity.sequence(inJournal: true, countdown: nil))
            } catch let error as EntityError {
                throw error
            } catch {
                throw .badHistoryField(field: "cycle", value: text(11))
            }
        default:
            throw .badHistoryField(field: "plan", value: text(10) + (detail.isEmpty ? "" : " " + text(11)))
        }
        var record = RunRecord(
            name: name, plan: plan, startedAt: .microseconds(start), endedAt: .microseconds(end), elapsed: .microseconds(elapsed),
            isEstimated: estimated == 1, lapCount: Int(laps), phasesEnded: Int(phases)
        )
        record.startOffset = .seconds(startOffset)
        record.endOffset = .seconds(endOffset)
        return RunLine(record)
    }
}
