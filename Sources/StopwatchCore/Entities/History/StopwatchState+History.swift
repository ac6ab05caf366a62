extension StopwatchState {
    /// This run as history keeps it, read at `now`; nil when there is no run to keep (never
    /// started since the last reset).
    ///
    /// It books the time it counted towards its plan: past a countdown's zero or a cycle's end,
    /// the rest is its overtime, and it ended at that zero; a cycle's waits for a person
    /// (`--wait-before`) book nothing, as a pause books nothing, and are kept with its phases
    /// (`PhaseTime.waited`). Otherwise it ended when it stopped counting: at its pause, or at `now`
    /// while running.
    public func record(endedAt now: TimeReading) -> RunRecord? {
        guard status != .initial, let startedAt else { return nil }
        let elapsed = elapsed(at: now)
        let overtime = progress(at: now).end?.overtime ?? .zero
        let stopped = status == .paused ? (pausedAt ?? now.wall) : now.wall
        var phaseTimes: [PhaseTime] = []
        if case .sequence(let sequence) = plan {
            phaseTimes = sequence.phaseTimes(
                anchors: earlierAnchors + (phaseAnchor.map { [$0] } ?? []), elapsed: elapsed.duration)
        }
        let waited = phaseTimes.reduce(Duration.zero) { $0 + $1.waited }
        var run = RunRecord(
            id: runID ?? EventID.derived(name: name, start: startedAt), name: name, plan: plan, startedAt: startedAt,
            endedAt: max(startedAt, stopped - overtime),
            elapsed: max(.zero, elapsed.duration - overtime - waited), isEstimated: elapsed.isEstimated,
            lapCount: lapCount, phasesEnded: edgesPassed(at: now)
        )
        run.overtime = overtime
        run.tags = tags
        run.phaseTimes = phaseTimes
        run.away = away(at: now)
        run.awayPolicy = effectiveAwayPolicy
        run.awayLocked = away(.lock, at: now)
        run.awayIdle = away(.idle, at: now)
        if run.awayPolicy == .ask {
            run.awayDecided = min(awayDecided, run.away)
            run.awayDropped = min(awayDropped, run.awayDecided)
        }
        // Another machine's ran there, whichever machine ends it (`delete` takes it off every one).
        run.machine = runsOn
        return run
    }

    /// The key of the run it holds (its name and first start); nil when it holds none.
    public var runKey: RunKey? {
        guard status != .initial, let startedAt else { return nil }
        return RunKey(name: name, start: startedAt)
    }

    /// The id of the run it holds, the one its record will have; nil when it holds none.
    public var currentRunID: EventID? {
        guard status != .initial, let startedAt else { return nil }
        return runID ?? EventID.derived(name: name, start: startedAt)
    }

    /// This state with an id for the run it holds when it has none: `fresh` for a run just begun
    /// (a restart within the microsecond of the start included: the run it ends is another);
    /// for the run `stored` held, begun by a version that gave no ids, the id its record and
    /// history's listings have always given it (`currentRunID`).
    public func identified(after stored: StopwatchState?, fresh: () -> EventID) -> StopwatchState {
        guard runID == nil, let key = runKey else { return self }
        var state = self
        if let stored, stored.runKey == key, !stored.endsRun(by: self) {
            state.runID = stored.currentRunID
        } else {
            state.runID = fresh()
        }
        return state
    }

    /// True when changing this state to `next` ends the run it holds (reset, restarted,
    /// replaced). The one rule of when a run ends: a run is its first start and its laps, so a
    /// change that throws that start or those laps away ends it (a restart within the same
    /// microsecond as the start keeps the start, not the laps).
    public func endsRun(by next: StopwatchState) -> Bool {
        guard status != .initial, let startedAt else { return false }
        return next.status == .initial || next.startedAt != startedAt || next.lapCount < lapCount
    }
}

extension RunRecord {
    /// The run each of `stopwatches` holds, read at `now` and marked current (its status): what
    /// history's readers show beside the runs it keeps. One that holds none (reset) has none.
    public static func inProgress(_ stopwatches: [StopwatchState], at now: TimeReading) -> [RunRecord] {
        stopwatches.compactMap { state in
            guard var run = state.rebased(at: now).record(endedAt: now) else { return nil }
            run.current = state.status
            // Another machine's, as it calls itself; this machine's is recorded when it ends.
            run.machine = state.runsOn
            return run
        }
    }
}
