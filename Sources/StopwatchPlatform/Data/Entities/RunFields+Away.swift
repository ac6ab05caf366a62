import StopwatchCore

extension RunFields {
    /// A version 3 line's field after MACHINE, AWAY: how long nobody was there while the run
    /// counted and what the run did with it, `keep:MICROSECONDS` or `drop:MICROSECONDS`, then,
    /// when some of it was a locked screen's or a stretch with no input, `:LOCKED:IDLE` (the rest
    /// is the machine's sleep), then, under `ask` once some of it was decided, `:DECIDED:DROPPED`
    /// (how much of it a person decided, and how much of that was dropped); nil (the field left
    /// out) for none with its plan's policy (a cycle drops, the rest keep), which a line without
    /// the field is read as.
    static func awayField(_ run: RunRecord) -> String? {
        guard run.away != .zero || run.awayPolicy != run.plan.awayPolicy else { return nil }
        let field = run.awayPolicy.rawValue + ":" + String(run.away.wholeMicroseconds)
        let decided = run.awayDecided != .zero || run.awayDropped != .zero
        guard run.awayLocked != .zero || run.awayIdle != .zero || decided else { return field }
        let byCause =
            field + ":" + String(run.awayLocked.wholeMicroseconds) + ":" + String(run.awayIdle.wholeMicroseconds)
        guard decided else { return byCause }
        return byCause + ":" + String(run.awayDecided.wholeMicroseconds) + ":"
            + String(run.awayDropped.wholeMicroseconds)
    }

    /// Reads AWAY into `run` where the line has it: absent in a line with none that did as its
    /// plan does, and in one of an earlier build, read so.
    static func away(_ cursor: inout FieldCursor, into run: inout RunRecord) throws(EntityError) {
        guard !cursor.isAtEnd else {
            run.awayPolicy = run.plan.awayPolicy
            return
        }
        let bytes = cursor.next()
        let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 4 || parts.count == 6,
            let policy = AwayPolicy(rawValue: String(decoding: parts[0], as: UTF8.self)),
            let away = FieldCursor.integer(parts[1])
        else { throw .badHistoryField(field: "away", value: cursor.text) }
        try StoredRange.nonNegative.check(away, "away")
        run.away = .microseconds(away)
        run.awayPolicy = policy
        guard parts.count > 2 else { return }
        guard let locked = FieldCursor.integer(parts[2]), let idle = FieldCursor.integer(parts[3]) else {
            throw .badHistoryField(field: "away", value: cursor.text)
        }
        try StoredRange(0...away).check(locked, "away")
        try StoredRange(0...(away - locked)).check(idle, "away")
        run.awayLocked = .microseconds(locked)
        run.awayIdle = .microseconds(idle)
        guard parts.count == 6 else { return }
        guard policy == .ask, let decided = FieldCursor.integer(parts[4]), let dropped = FieldCursor.integer(parts[5])
        else { throw .badHistoryField(field: "away", value: cursor.text) }
        try StoredRange(0...away).check(decided, "away")
        try StoredRange(0...decided).check(dropped, "away")
        run.awayDecided = .microseconds(decided)
        run.awayDropped = .microseconds(dropped)
    }
}
