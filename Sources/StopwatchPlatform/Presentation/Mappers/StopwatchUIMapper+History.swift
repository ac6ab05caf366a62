import StopwatchCore

extension StopwatchUIMapper {
    /// History's runs as a view shows them: every instant in the local zone, with the offset it
    /// has then (the one rule of a local time, the same as `report`'s days and `--since`'s).
    public func viewState(_ history: RunHistory) -> HistoryViewState {
        let lengths = ShortIDs(history.runs.map(\.id))
        let here = machine()
        return HistoryViewState(
            runs: history.runs.map { run in
                var run = run
                // Recorded just now, here: the machine that recorded it is this one.
                if history.recordedHere, run.machine == nil { run.machine = here }
                return viewState(run, idLength: lengths.length(of: run.id), here: here)
            },
            damaged: history.damaged, kept: history.kept)
    }

    /// `here` is what this machine calls itself: a run another machine recorded (or runs) is shown
    /// by its name and that machine's, `work @desktop`, as `list` shows another's stopwatch.
    func viewState(_ run: RunRecord, idLength: Int = EventID.shortLength, here: String? = nil) -> RunViewState {
        RunViewState(
            id: run.id.hex,
            shortID: run.id.prefix(idLength),
            name: run.name.rawValue,
            kind: PlanKind(run.plan),
            plan: PlanKind.description(of: run.plan, length: length),
            start: RFC3339Timestamp.string(from: run.startedAt, offset: zone.offset(at: run.startedAt)),
            end: RFC3339Timestamp.string(from: run.endedAt, offset: zone.offset(at: run.endedAt)),
            utcStart: RFC3339Timestamp.basic(run.startedAt),
            utcEnd: run.current == .running && !run.reachedEnd ? nil : RFC3339Timestamp.basic(run.endedAt),
            utcBookedEnd: run.current == .running && !run.reachedEnd
                ? nil : RFC3339Timestamp.basic(run.startedAt + run.elapsed),
            localStart: Self.localSecond(run.startedAt + zone.offset(at: run.startedAt)),
            localEnd: Self.localSecond(run.endedAt + zone.offset(at: run.endedAt)),
            elapsed: durations.viewState(run.elapsed),
            overtime: durations.viewState(run.overtime),
            isEstimated: run.isEstimated,
            lapCount: run.lapCount,
            phasesEnded: run.phasesEnded,
            phases: phaseTimes(run),
            tags: run.tags,
            status: run.reachedEnd ? "expired" : run.current.map { StoredStatus.token(for: $0) } ?? "ended",
            isConflicted: run.isConflicted,
            machine: run.machine,
            shownName: run.machine.map { $0 == here || here == nil ? run.name.rawValue : run.name.rawValue + " @" + $0 }
                ?? run.name.rawValue,
            away: AwayViewState(
                time: durations.viewState(run.away), policy: run.awayPolicy,
                locked: durations.viewState(run.awayLocked),
                idle: durations.viewState(run.awayIdle), decided: durations.viewState(run.awayDecided),
                decidedDropped: durations.viewState(run.awayDropped))
        )
    }

    /// A change `undo` undid (`redone`: `redo` did again), as it says it.
    public func viewState(_ change: HistoryChange, redone: Bool) -> ChangeViewState {
        var names: [String] = []
        var runs: [String] = []
        func add(_ name: StopwatchName) { if !names.contains(name.rawValue) { names.append(name.rawValue) } }
        for event in change.events {
            switch event {
            case .run(let run), .revised(let run):
                add(run.name)
                runs.append(run.id.prefix(EventID.shortLength))
            case .removed(let id):
                runs.append(id.prefix(EventID.shortLength))
            case .stopwatch(let before, let after):
                if let name = (before ?? after)?.name { add(name) }
            case .undo:
                break
            }
        }
        return ChangeViewState(
            command: change.kind.rawValue, madeAt: Self.localSecond(change.madeAt + zone.offset(at: change.madeAt)),
            names: names, runs: runs,
            redone: redone
        )
    }

    /// A cycle's phases as they ran, planned against actual, from phase 0.
    private func phaseTimes(_ run: RunRecord) -> [PhaseTimeViewState] {
        guard case .sequence(let sequence) = run.plan else { return [] }
        return run.phaseTimes.enumerated().map { index, time in
            let phase = sequence.phase(index)
            return PhaseTimeViewState(
                label: phase.label, planned: durations.viewState(phase.duration), actual: durations.viewState(time.ran),
                waited: durations.viewState(time.waited), ended: index < run.phasesEnded
            )
        }
    }

    /// A planned length as the clock shows it, without hundredths when it has none: `25:00`.
    private func length(_ duration: Duration) -> String {
        let clock = durations.viewState(duration).clock
        return clock.hasSuffix(".00") && duration.wholeMicroseconds % 10_000 == 0 ? String(clock.dropLast(3)) : clock
    }

    /// `2026-11-25 09:15:00`: a local time, truncated to the second.
    static func localSecond(_ local: Duration) -> String {
        RFC3339Timestamp.date(local) + " " + String(RFC3339Timestamp.timeOfDay(local).prefix(8))
    }
}
