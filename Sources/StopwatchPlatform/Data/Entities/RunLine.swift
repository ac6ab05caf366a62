import StopwatchCore

/// One line of 0.4.0's history file, `history/runs.tsv` (docs/state-format.md): one run that
/// ended, as tab-separated fields behind a check. Read, never written: history is kept in
/// `history/events.tsv` since (`HistoryLine`).
///
///     CHECK \t 1 \t NAME \t START \t START-OFFSET \t END \t END-OFFSET \t ELAPSED \t ESTIMATED
///           \t LAPS \t PHASES-ENDED \t PLAN \t PLAN-DETAIL \t TAGS \t PHASE-TIMES
///
/// A run of 0.4.0 had no id: it is given the one its name and start make (`EventID.derived`), the
/// same on every reading. It booked a countdown's time past zero, and a finished cycle's past its
/// end, and kept a cycle's waits for a person in the phase before: it is read as a run of today
/// books it, the time past its plan's end its overtime (its end moved back by as much), each
/// phase's time past its length the wait after it.
enum RunLine {
    static let version = "1"

    /// The run (its line's newline left out), or nil when its check fails: torn or damaged. A
    /// line whose check holds but whose fields are wrong throws, as a bad file does.
    static func decode(_ line: ArraySlice<UInt8>, names: inout [StopwatchName]) throws(EntityError) -> RunRecord? {
        guard line.count > 9, line[line.startIndex + 8] == UInt8(ascii: "\t"),
            let check = CRC32.parseHex(line[line.startIndex..<(line.startIndex + 8)]),
            CRC32.checksum(line[(line.startIndex + 9)...]) == check
        else { return nil }
        var cursor = FieldCursor(line: line, start: line.startIndex + 9)
        guard cursor.next().elementsEqual(version.utf8) else {
            throw .badHistoryField(field: "version", value: cursor.text)
        }
        let name = try RunFields.name(cursor.next(), names: &names, text: cursor.text)
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
        let plan = try PlanEntity.plan(historyKind: kind, kindText: kindText, detail: cursor.next())
        let tags = try RunFields.tags(cursor.next(), text: cursor.text)
        var times: [Duration] = []
        if !cursor.isAtEnd, case let timeBytes = cursor.next(), !timeBytes.isEmpty {
            for field in timeBytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                guard let time = FieldCursor.integer(field), times.count < PhaseSequence.itemizedPhases else {
                    throw .badHistoryField(field: "phaseTimes", value: cursor.text)
                }
                try StoredRange.nonNegative.check(time, "phaseTimes")
                times.append(.microseconds(time))
            }
        }
        guard cursor.isAtEnd, !cursor.isShort else {
            throw .badHistoryField(field: "field count", value: String(cursor.count))
        }
        guard times.isEmpty || plan.isSequence else {
            throw .badHistoryField(field: "phaseTimes", value: "beside a \(kindText)")
        }
        var record = RunRecord(
            id: .derived(name: name, start: .microseconds(start)), name: name, plan: plan,
            startedAt: .microseconds(start),
            endedAt: .microseconds(end), elapsed: .microseconds(elapsed), isEstimated: estimated == 1,
            lapCount: Int(laps), phasesEnded: Int(phases)
        )
        record.startOffset = .seconds(startOffset)
        record.endOffset = .seconds(endOffset)
        record.tags = tags
        // Booked as today's runs book their time: a stopwatch, a countdown or a cycle, the only
        // kinds of plan 0.4.0 had.
        var booked = record.elapsed
        if case .countdown(let duration) = plan {
            booked = min(booked, duration)
        } else if case .sequence(let sequence) = plan {
            record.phaseTimes = times.enumerated().map { index, time in
                let length = sequence.phase(index).duration
                return time > length ? PhaseTime(ran: length, waited: time - length) : PhaseTime(ran: time)
            }
            if let count = sequence.phaseCount, record.phasesEnded >= count, times.count == count {
                booked = min(booked, times.reduce(.zero, +))
            }
        }
        record.overtime = record.elapsed - booked
        record.elapsed = booked
        record.endedAt = max(record.startedAt, record.endedAt - record.overtime)
        return record
    }
}
