extension RunRecord {
    /// This run from `start` to `end`: the time it booked grows or shrinks by as much as its span
    /// does at each end, a cycle's first phase at its start and its last at its end (`phaseTimes`).
    /// Nil when less than nothing would be left.
    public func moved(start: Duration, end: Duration) -> RunRecord? {
        let atStart = startedAt - start
        let atEnd = end - endedAt
        let booked = elapsed + atStart + atEnd
        guard end >= start, booked >= .zero else { return nil }
        var run = self
        run.startedAt = start
        run.endedAt = end
        run.elapsed = min(booked, end - start)
        if !phaseTimes.isEmpty {
            run.phaseTimes = Self.phases(phaseTimes, fromStart: atStart)
            // What the record itemizes past the time it now booked is taken from its end (a wait
            // books nothing, so only the phases' time counts).
            let itemized = run.phaseTimes.reduce(Duration.zero) { $0 + $1.ran }
            let beyond = itemized - run.elapsed
            if beyond > .zero {
                run.phaseTimes = Self.phases(run.phaseTimes, fromEnd: .zero - beyond)
            } else if atEnd > .zero, itemized == elapsed + atStart {
                run.phaseTimes = Self.phases(run.phaseTimes, fromEnd: atEnd)
            }
        }
        return run
    }

    /// This run cut at `instant`, which falls within it: its time and its away time (each
    /// cause's) shared between the two parts in proportion to their spans (its pauses and where
    /// the away time lay are not kept), a cycle's phases where they fall; its laps stay with the
    /// first part, its overtime with the second, which is given `id`.
    public func split(at instant: Duration, id: EventID) -> (RunRecord, RunRecord) {
        func share(_ whole: Duration) -> Duration {
            endedAt > startedAt ? whole.scaled(by: instant - startedAt, of: endedAt - startedAt) : .zero
        }
        let first = share(elapsed)
        var before = self
        var after = self
        before.endedAt = instant
        before.elapsed = first
        before.overtime = .zero
        // Each cause's part shared on its own, so that neither part holds more of a cause than
        // its away time, and the two add up to the run's.
        let (asleep, locked, idle) = (share(away(.suspend)), share(awayLocked), share(awayIdle))
        before.away = asleep + locked + idle
        before.awayLocked = locked
        before.awayIdle = idle
        after.away = away - before.away
        after.awayLocked = awayLocked - locked
        after.awayIdle = awayIdle - idle
        // What was decided under `ask`, shared as the away time is; all of it decided stays so.
        if awayPolicy == .ask {
            let decided = awayDecided >= away ? before.away : min(before.away, share(awayDecided))
            before.awayDecided = decided
            before.awayDropped = min(decided, share(awayDropped))
            after.awayDecided = awayDecided >= away ? after.away : min(after.away, awayDecided - decided)
            after.awayDropped = min(after.awayDecided, awayDropped - before.awayDropped)
        }
        after.id = id
        after.startedAt = instant
        after.elapsed = elapsed - first
        after.lapCount = 0
        after.current = nil
        after.recordedAs = RunKey(name: name, start: instant)
        if !phaseTimes.isEmpty {
            var left = first
            var firstPhases: [PhaseTime] = []
            var secondPhases: [PhaseTime] = []
            // A phase's wait goes with the part its time ended in.
            for time in phaseTimes {
                let ran = min(time.ran, left)
                left -= ran
                let waited = ran == time.ran && left > .zero ? time.waited : .zero
                firstPhases.append(PhaseTime(ran: ran, waited: waited))
                secondPhases.append(PhaseTime(ran: time.ran - ran, waited: time.waited - waited))
            }
            // The second part keeps the phases' places, so each keeps its label.
            before.phaseTimes = firstPhases
            while before.phaseTimes.last == PhaseTime(ran: .zero) { before.phaseTimes.removeLast() }
            after.phaseTimes = secondPhases
            before.phasesEnded = min(phasesEnded, before.phaseTimes.count)
        }
        return (before, after)
    }

    /// This run and `later`, a later run of the same name, as one: from this one's start to the
    /// other's end, their times, away times and tags together, the time between them a pause;
    /// the laps this one kept, its id. (Runs that did otherwise with away time are not joined:
    /// `JoinRefusal.otherAwayPolicies`.)
    public func joined(with later: RunRecord) -> RunRecord {
        var run = self
        run.endedAt = later.endedAt
        run.elapsed = elapsed + later.elapsed
        run.overtime = overtime + later.overtime
        run.away = away + later.away
        run.awayLocked = awayLocked + later.awayLocked
        run.awayIdle = awayIdle + later.awayIdle
        run.awayDecided = awayDecided + later.awayDecided
        run.awayDropped = awayDropped + later.awayDropped
        run.tags = Tag.normalized(tags + later.tags)
        run.isEstimated = isEstimated || later.isEstimated
        return run
    }

    /// `phases` with `amount` more (taken away when negative) at the start: the first phase's
    /// time, then the next's, each keeping its place (a wait books nothing, so none is taken).
    static func phases(_ phases: [PhaseTime], fromStart amount: Duration) -> [PhaseTime] {
        var phases = phases
        guard amount != .zero, !phases.isEmpty else { return phases }
        if amount > .zero {
            phases[0].ran += amount
            return phases
        }
        var left = .zero - amount
        for index in phases.indices where left > .zero {
            let ran = min(phases[index].ran, left)
            phases[index].ran -= ran
            left -= ran
        }
        return phases
    }

    /// `phases` with `amount` more (taken away when negative) at the end: the last phase's time,
    /// then the one before's.
    static func phases(_ phases: [PhaseTime], fromEnd amount: Duration) -> [PhaseTime] {
        var phases = phases
        guard amount != .zero, !phases.isEmpty else { return phases }
        if amount > .zero {
            phases[phases.count - 1].ran += amount
            return phases
        }
        var left = .zero - amount
        for index in phases.indices.reversed() where left > .zero {
            let ran = min(phases[index].ran, left)
            phases[index].ran -= ran
            left -= ran
        }
        return phases
    }
}
