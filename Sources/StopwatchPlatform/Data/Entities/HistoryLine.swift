import Glibc
import StopwatchCore

/// One line of a machine's history file, `history/events-MACHINE.tsv` (docs/state-format.md,
/// "History"): one event of one change, as tab-separated fields behind a check, so that a report
/// over a hundred thousand runs reads them without a JSON parser:
///
///     CHECK \t 3 \t CHANGE \t PART/COUNT \t SEQUENCE \t MADE-AT \t COMMAND \t KIND \t FIELDS...
///
/// CHECK is the CRC-32 of the bytes after its tab (8 hex digits), newline left out; `3` the line's
/// version (0.4.0's `runs.tsv` has version 1, `RunLine`; version 2, in `events.tsv`, has no
/// SEQUENCE). CHANGE is the change's id, 32 hex digits;
/// PART/COUNT which of its COUNT lines this is, so that a change torn by a power cut (fewer lines
/// than it counts) is passed over whole. SEQUENCE places the change among every machine's
/// (`HistoryLog.merging`). MADE-AT is when it was made (wall-clock microseconds),
/// COMMAND what made it (`HistoryChange.Kind`). KIND and its FIELDS are the event:
///
/// - `run` and `fix`, a run added and a run corrected: RUN-ID NAME START START-OFFSET END
///   END-OFFSET ELAPSED OVERTIME ESTIMATED LAPS PHASES-ENDED PLAN DETAIL TAGS PHASE-TIMES
///   LAPS-KEY (`RunFields`), and for `fix` (version 3) BASE, the revision of the run it corrected
///   (`RunRecord.revision`);
/// - `drop`, a run taken out: RUN-ID;
/// - `was`, a stopwatch as the change found it and left it: NAME BEFORE AFTER, each its state as a
///   journal line's `state` object (compact JSON) or `-` for none;
/// - `undo`: the id of the change it undoes.
struct HistoryLine: Equatable {
    static let version = "3"

    var change: EventID
    var part: Int
    var count: Int
    /// 0 in a line of version 2.
    var sequence: Int64
    var madeAt: Duration
    var command: HistoryChange.Kind
    var event: HistoryEvent

    /// The lines of `change`, each with its newline: the UTC offsets of its runs' starts and ends
    /// from `zone`, as they are recorded, and each run it adds that no machine recorded yet
    /// recorded by `machine` (what this machine calls itself, `MachineID.host`).
    static func lines(
        of change: HistoryChange, sequence: Int64, zone: any LocalTimeZone, machine: String? = nil,
        machineID: String? = nil
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        // A stopwatch a change found or left is recorded with the machine whose it is: this one's
        // unless it is another's (`StopwatchState.runsOnID`), so that an undo anywhere puts it back there.
        func stamped(_ state: StopwatchState?) -> StopwatchState? {
            guard var state, state.runsOnID == nil, let machineID else { return state }
            state.runsOnID = machineID
            state.runsOn = machine
            return state
        }
        for (index, event) in change.events.enumerated() {
            var event = event
            switch event {
            case .stopwatch(let before, let after):
                event = .stopwatch(before: stamped(before), after: stamped(after))
            case .run(var run):
                run.stampOffsets(in: zone)
                if run.machine == nil { run.machine = machine.map(RunFields.machineField) }
                event = .run(run)
            case .revised(var run):
                run.stampOffsets(in: zone)
                event = .revised(run)
            default:
                break
            }
            let line = HistoryLine(
                change: change.id, part: index + 1, count: change.events.count, sequence: sequence,
                madeAt: change.madeAt, command: change.kind,
                event: event
            )
            bytes += line.bytes
        }
        return bytes
    }

    /// The line, its newline included.
    var bytes: [UInt8] {
        var body: [UInt8] = Array(Self.version.utf8)
        func field(_ bytes: some Sequence<UInt8>) {
            body.append(UInt8(ascii: "\t"))
            body += bytes
        }
        field(change.hexBytes)
        field("\(part)/\(count)".utf8)
        field(String(sequence).utf8)
        field(String(madeAt.wholeMicroseconds).utf8)
        field(command.rawValue.utf8)
        switch event {
        case .run(let run):
            field("run".utf8)
            RunFields.append(run, to: &body)
            field((run.machine ?? "").utf8)
            if let away = RunFields.awayField(run) { field(away.utf8) }
        case .revised(let run):
            field("fix".utf8)
            RunFields.append(run, to: &body)
            // The revision it was based on: a machine that had not seen the run's latest correction
            // wrote an older one (`RunRecord.isConflicted`).
            field(String(run.revision).utf8)
            field((run.machine ?? "").utf8)
            if let away = RunFields.awayField(run) { field(away.utf8) }
        case .removed(let id):
            field("drop".utf8)
            field(id.hexBytes)
        case .stopwatch(let before, let after):
            field("was".utf8)
            field(((before ?? after)?.name.rawValue ?? "").utf8)
            for state in [before, after] {
                field(
                    state.map { JSONWriter.compactBytes(Self.wasEntity($0, updatedAt: madeAt).json) } ?? Array("-".utf8)
                )
            }
        case .undo(let target):
            field("undo".utf8)
            field(target.hexBytes)
        }
        return Array(CRC32.hex(CRC32.checksum(body)).utf8) + [UInt8(ascii: "\t")] + body + [UInt8(ascii: "\n")]
    }

    /// The line (its newline left out), or nil when its check fails: torn or damaged. A line whose
    /// check holds but whose fields are wrong throws, as a bad file does. `names` keeps the names
    /// read so far, so that a history of a hundred thousand lines makes each name once. Without
    /// `states`, a `was` line's states are not read (nil both): what a report needs of it is that
    /// it is there. A reader of many lines checks them with `slicing`, eight bytes at a time.
    static func decode(
        _ line: ArraySlice<UInt8>, names: inout [StopwatchName], states: Bool = true, slicing: CRC32.Slicing? = nil
    ) throws(EntityError) -> HistoryLine? {
        guard line.count > 9, line[line.startIndex + 8] == UInt8(ascii: "\t"),
            let check = CRC32.parseHex(line[line.startIndex..<(line.startIndex + 8)]),
            (slicing?.checksum(line[(line.startIndex + 9)...]) ?? CRC32.checksum(line[(line.startIndex + 9)...]))
                == check
        else { return nil }
        var cursor = FieldCursor(line: line, start: line.startIndex + 9)
        let version = cursor.next()
        guard version.isWord("3") || version.isWord("2") else {
            throw .badHistoryField(field: "version", value: cursor.text)
        }
        guard let change = EventID(hex: cursor.next()) else {
            throw .badHistoryField(field: "change", value: cursor.text)
        }
        let partField = cursor.next()
        let parts = partField.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 2, let part = FieldCursor.integer(parts[0]), let count = FieldCursor.integer(parts[1]),
            part >= 1, part <= count,
            count <= 1_000_000
        else { throw .badHistoryField(field: "part", value: cursor.text) }
        var sequence: Int64 = 0
        if version.isWord("3") {
            guard let number = FieldCursor.integer(cursor.next()), number >= 1, number < 1 << 53 else {
                throw .badHistoryField(field: "sequence", value: cursor.text)
            }
            sequence = number
        }
        let madeAt = try cursor.number("madeAt", .wall)
        guard let command = Self.kind(cursor.next()) else {
            throw .badHistoryField(field: "command", value: cursor.text)
        }
        let kind = cursor.next()
        let kindText = cursor.text
        let event: HistoryEvent
        if kind.isWord("run") {
            var run = try RunFields.decode(&cursor, names: &names)
            if version.isWord("3") {
                run.machine = try RunFields.machine(&cursor, machines: &names)
                try RunFields.away(&cursor, into: &run)
            }
            event = .run(run)
        } else if kind.isWord("fix") {
            var run = try RunFields.decode(&cursor, names: &names)
            if version.isWord("3") {
                guard let base = FieldCursor.integer(cursor.next()), base >= 0, base < 1 << 53 else {
                    throw .badHistoryField(field: "base", value: cursor.text)
                }
                run.revision = base
                run.machine = try RunFields.machine(&cursor, machines: &names)
                try RunFields.away(&cursor, into: &run)
            }
            event = .revised(run)
        } else if kind.isWord("drop") {
            guard let id = EventID(hex: cursor.next()) else { throw .badHistoryField(field: "run", value: cursor.text) }
            event = .removed(id)
        } else if kind.isWord("undo") {
            guard let id = EventID(hex: cursor.next()) else {
                throw .badHistoryField(field: "undo", value: cursor.text)
            }
            event = .undo(id)
        } else if kind.isWord("was") {
            let nameBytes = cursor.next()
            guard let name = StopwatchName(String(decoding: nameBytes, as: UTF8.self)) else {
                throw .badHistoryField(field: "name", value: cursor.text)
            }
            let before = cursor.next()
            let after = cursor.next()
            guard !(before.elementsEqual("-".utf8) && after.elementsEqual("-".utf8)) else {
                throw .badHistoryField(field: "was", value: "-")
            }
            event =
                states
                ? .stopwatch(before: try state(before, name: name), after: try state(after, name: name))
                : .stopwatch(before: nil, after: nil)
        } else {
            throw .badHistoryField(field: "kind", value: kindText)
        }
        guard cursor.isAtEnd, !cursor.isShort else {
            throw .badHistoryField(field: "field count", value: String(cursor.count))
        }
        return HistoryLine(
            change: change, part: Int(part), count: Int(count), sequence: sequence, madeAt: .microseconds(madeAt),
            command: command, event: event
        )
    }

    /// Whether `line` is the first of a change (`PART` 1), read from where its fields lie without
    /// its check: where a reader of many lines may cut them in two.
    static func beginsChange(_ line: ArraySlice<UInt8>) -> Bool {
        // CHECK \t VERSION \t CHANGE (32) \t 1/
        let part = line.startIndex + 9 + 2 + 33
        return line.count > part - line.startIndex + 2 && line[part] == UInt8(ascii: "1")
            && line[part + 1] == UInt8(ascii: "/")
    }

    /// A line's `SEQUENCE`, read from where its fields lie without its check; nil when there is
    /// no number there. For a reader of many lines to decode only those that would matter.
    static func uncheckedSequence(_ line: UnsafeBufferPointer<UInt8>) -> Int64? {
        // CHECK \t VERSION \t CHANGE (32) \t PART/COUNT \t SEQUENCE \t; a version 3 line's, not
        // the tail of a line cut where a reading began.
        let start = line.startIndex
        guard line.count > 9 + 2 + 33, line[start + 8] == UInt8(ascii: "\t"), line[start + 9] == UInt8(ascii: "3"),
            line[start + 10] == UInt8(ascii: "\t"),
            line[start + 43] == UInt8(ascii: "\t")
        else { return nil }
        var index = line.startIndex + 9 + 2 + 33
        while index < line.endIndex, line[index] != UInt8(ascii: "\t") { index += 1 }
        index += 1
        var sequence: Int64 = 0
        var digits = 0
        while index < line.endIndex, line[index] != UInt8(ascii: "\t") {
            let digit = line[index] &- UInt8(ascii: "0")
            guard digit < 10, digits < 18 else { return nil }
            sequence = sequence * 10 + Int64(digit)
            digits += 1
            index += 1
        }
        return digits > 0 ? sequence : nil
    }

    /// The kind of change a line's word names; nil for another word (`kept` is no word of a line).
    private static func kind(_ word: ArraySlice<UInt8>) -> HistoryChange.Kind? {
        // The common words first, compared as bytes: making a string of each cost a report a tenth.
        if word.isWord("reset") { return .reset }
        if word.isWord("track") { return .track }
        if word.isWord("restart") { return .restart }
        if word.isWord("edit") { return .edit }
        if word.isWord("undo") { return .undo }
        if word.isWord("redo") { return .redo }
        guard let kind = HistoryChange.Kind(rawValue: String(decoding: word, as: UTF8.self)), kind != .kept else {
            return nil
        }
        return kind
    }

    /// A `was` line's state object: the state as a journal line keeps it, with the machine whose
    /// journal it was (`machine`, `host`) when another's, so that `undo` puts it back there.
    static func wasEntity(_ state: StopwatchState, updatedAt: Duration) -> StopwatchFileEntity {
        var entity = StopwatchFileEntity(state, updatedAt: updatedAt)
        if let id = state.runsOnID {
            entity.machine = id
            entity.host = state.runsOn
        }
        return entity
    }

    /// A `was` line's state: the state object of a journal line, checked as one; `-` for none.
    /// Another machine's is marked so (`StopwatchState.runsOn`, `runsOnID`), which the store
    /// takes off again where that machine is the one reading.
    private static func state(_ bytes: ArraySlice<UInt8>, name: StopwatchName) throws(EntityError) -> StopwatchState? {
        guard !bytes.elementsEqual("-".utf8) else { return nil }
        do {
            let entity = try StopwatchFileEntity(json: JSONReader.read(Array(bytes)))
            var state = try entity.state(expecting: name)
            if let id = entity.machine {
                state.runsOnID = id
                state.runsOn = entity.host.flatMap { $0.isEmpty ? nil : $0 } ?? id
            }
            return state
        } catch let error as EntityError {
            throw error
        } catch {
            throw .badHistoryField(field: "was", value: String(decoding: bytes.prefix(64), as: UTF8.self))
        }
    }
}

/// A run's fields in a history line (version 2), after its kind:
///
///     RUN-ID NAME START START-OFFSET END END-OFFSET ELAPSED OVERTIME ESTIMATED LAPS PHASES-ENDED
///     PLAN DETAIL TAGS PHASE-TIMES LAPS-KEY
///
/// START and END are wall-clock microseconds since the Unix epoch, each with the UTC offset in
/// seconds it had; ELAPSED and OVERTIME microseconds; ESTIMATED `0` or `1`; PLAN `stopwatch`,
/// `countdown` (DETAIL the duration in microseconds) or `cycle` (DETAIL the sequence as a journal
/// line's `sequence` object); PHASE-TIMES a cycle's phases as they ran, comma-separated, each
/// `RAN` or `RAN+WAITED` in microseconds; LAPS-KEY empty when the run keeps its laps under its own
/// name and start, else `NAME@START` (a corrected run's `recordedAs`).
enum RunFields {
    static func append(_ run: RunRecord, to body: inout [UInt8]) {
        let (kind, detail) = PlanEntity.historyFields(run.plan)
        let recordedAs =
            run.recordedAs == RunKey(name: run.name, start: run.startedAt)
            ? "" : run.recordedAs.name.rawValue + "@" + String(run.recordedAs.start.wholeMicroseconds)
        let fields = [
            run.id.hex, run.name.rawValue, String(run.startedAt.wholeMicroseconds),
            String(run.startOffset.wholeSeconds),
            String(run.endedAt.wholeMicroseconds), String(run.endOffset.wholeSeconds),
            String(run.elapsed.wholeMicroseconds),
            String(run.overtime.wholeMicroseconds), run.isEstimated ? "1" : "0", String(run.lapCount),
            String(run.phasesEnded), kind, detail,
        ]
        for field in fields {
            body.append(UInt8(ascii: "\t"))
            body += field.utf8
        }
        // Lists joined over `[String]` (`joined(with:)`): the standard library's generic `joined`
        // asks the runtime for its conformances, a tenth of what a correction costs.
        body.append(UInt8(ascii: "\t"))
        body += run.tags.joined(with: ",").utf8
        body.append(UInt8(ascii: "\t"))
        body +=
            run.phaseTimes.map { time in
                String(time.ran.wholeMicroseconds)
                    + (time.waited > .zero ? "+" + String(time.waited.wholeMicroseconds) : "")
            }.joined(with: ",").utf8
        body.append(UInt8(ascii: "\t"))
        body += recordedAs.utf8
    }

    static func decode(_ cursor: inout FieldCursor, names: inout [StopwatchName]) throws(EntityError) -> RunRecord {
        guard let id = EventID(hex: cursor.next()) else { throw .badHistoryField(field: "run", value: cursor.text) }
        let name = try Self.name(cursor.next(), names: &names, text: cursor.text)
        let start = try cursor.number("start", .wall)
        let startOffset = try cursor.number("startOffset", .utcOffset)
        let end = try cursor.number("end", .wall)
        let endOffset = try cursor.number("endOffset", .utcOffset)
        let elapsed = try cursor.number("elapsed", .nonNegative)
        let overtime = try cursor.number("overtime", .nonNegative)
        let estimated = try cursor.number("estimated", StoredRange(0...1))
        let laps = try cursor.number("laps", .nonNegative)
        let phases = try cursor.number("phasesEnded", .phaseIndex)
        let plan = try PlanEntity.plan(historyKind: cursor.next(), kindText: cursor.text, detail: cursor.next())
        let tags = try Self.tags(cursor.next(), text: cursor.text)
        var phaseTimes: [PhaseTime] = []
        let timeBytes = cursor.next()
        if !timeBytes.isEmpty {
            guard plan.isSequence else { throw .badHistoryField(field: "phaseTimes", value: "beside a \(plan)") }
            for field in timeBytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                let parts = field.split(separator: UInt8(ascii: "+"), maxSplits: 1, omittingEmptySubsequences: false)
                guard let ran = FieldCursor.integer(parts[0]), parts.count == 1 || FieldCursor.integer(parts[1]) != nil,
                    phaseTimes.count < PhaseSequence.itemizedPhases
                else { throw .badHistoryField(field: "phaseTimes", value: cursor.text) }
                let waited = parts.count == 2 ? FieldCursor.integer(parts[1])! : 0
                try StoredRange.nonNegative.check(ran, "phaseTimes")
                try StoredRange.nonNegative.check(waited, "phaseTimes")
                phaseTimes.append(PhaseTime(ran: .microseconds(ran), waited: .microseconds(waited)))
            }
        }
        let keyBytes = cursor.next()
        guard end >= start else { throw .badHistoryField(field: "end", value: "before its start") }
        var record = RunRecord(
            id: id, name: name, plan: plan, startedAt: .microseconds(start), endedAt: .microseconds(end),
            elapsed: .microseconds(elapsed),
            isEstimated: estimated == 1, lapCount: Int(laps), phasesEnded: Int(phases)
        )
        if !keyBytes.isEmpty {
            let parts = keyBytes.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
            guard parts.count == 2, let keyName = StopwatchName(String(decoding: parts[0], as: UTF8.self)),
                let keyStart = FieldCursor.integer(parts[1])
            else {
                throw .badHistoryField(field: "lapsKey", value: cursor.text)
            }
            try StoredRange.wall.check(keyStart, "lapsKey")
            record.recordedAs = RunKey(name: keyName, start: .microseconds(keyStart))
        }
        record.overtime = .microseconds(overtime)
        record.startOffset = .seconds(startOffset)
        record.endOffset = .seconds(endOffset)
        record.tags = tags
        record.phaseTimes = phaseTimes
        return record
    }

    /// A version 3 line's last field, MACHINE: the machine that recorded the run, or nil when it is
    /// empty or (a line of an earlier build) absent. Made once for all the lines that hold it, as
    /// names are, in the same list (a machine's name is a valid stopwatch name or is made each time).
    static func machine(_ cursor: inout FieldCursor, machines: inout [StopwatchName]) throws(EntityError) -> String? {
        guard !cursor.isAtEnd else { return nil }
        let bytes = cursor.next()
        guard !bytes.isEmpty else { return nil }
        guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw .badHistoryField(field: "machine", value: cursor.text)
        }
        if let known = try? name(bytes, names: &machines, text: "") { return known.rawValue }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What a machine's name is as a line keeps it: its control characters (a tab, a newline)
    /// made `?`.
    static func machineField(_ machine: String) -> String {
        String(decoding: machine.utf8.map { $0 < 0x20 || $0 == 0x7F ? UInt8(ascii: "?") : $0 }, as: UTF8.self)
    }

    /// A name, made once for all the lines that hold it (up to 64 names kept).
    static func name(_ bytes: ArraySlice<UInt8>, names: inout [StopwatchName], text: @autoclosure () -> String)
        throws(EntityError) -> StopwatchName
    {
        for known in names where known.rawValue.utf8.count == bytes.count {
            var rawValue = known.rawValue
            if rawValue.withUTF8({ utf8 in
                bytes.withUnsafeBufferPointer { memcmp(utf8.baseAddress!, $0.baseAddress!, bytes.count) == 0 }
            }) {
                return known
            }
        }
        guard let made = StopwatchName(String(decoding: bytes, as: UTF8.self)) else {
            throw .badHistoryField(field: "name", value: text())
        }
        if names.count < 64 { names.append(made) }
        return made
    }

    static func tags(_ bytes: ArraySlice<UInt8>, text: @autoclosure () -> String) throws(EntityError) -> [String] {
        guard !bytes.isEmpty else { return [] }
        let tags = bytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard tags.count <= Tag.maximumCount, tags.allSatisfy(Tag.isValid) else {
            throw .badHistoryField(field: "tags", value: text())
        }
        return tags
    }
}
