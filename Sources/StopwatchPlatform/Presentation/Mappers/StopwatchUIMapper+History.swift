import StopwatchCore

extension StopwatchUIMapper {
    /// History's runs as a view shows them, each time with the offset it had.
    public func viewState(_ history: RunHistory) -> HistoryViewState {
        HistoryViewState(runs: history.runs.map(viewState), damagedLines: history.damagedLines)
    }

    func viewState(_ run: RunRecord) -> RunViewState {
        RunViewState(
            name: run.name.rawValue,
            kind: PlanKind(run.plan),
            plan: planText(run.plan),
            start: RFC3339Timestamp.string(from: run.startedAt, offset: run.startOffset),
            end: RFC3339Timestamp.string(from: run.endedAt, offset: run.endOffset),
            localStart: Self.localSecond(run.startedAt + run.startOffset),
            localEnd: Self.localSecond(run.endedAt + run.endOffset),
            elapsed: durations.viewState(run.elapsed),
            isEstimated: run.isEstimated,
            lapCount: run.lapCount,
            phasesEnded: run.phasesEnded,
            phases: phaseTimes(run),
            tags: run.tags,
            status: run.current.map { StoredStatus.token(for: $0) } ?? "ended"
        )
    }

    /// A cycle's phases, planned against actual, from phase 0.
    private func phaseTimes(_ run: RunRecord) -> [PhaseTimeViewState] {
        guard case .sequence(let sequence) = run.plan else { return [] }
        return run.phaseTimes.enumerated().map { index, time in
            let phase = sequence.phase(index)
            return PhaseTimeViewState(
                label: phase.label, planned: durations.viewState(phase.duration), actual: durations.viewState(time), ended: index < run.phasesEnded
            )
        }
    }

    /// `stopwatch`, `countdown 25:00`, `cycle work 25:00, break 05:00 x4` (or `until stopped`).
    func planText(_ plan: Plan) -> String {
        switch plan {
        case .open:
            return "stopwatch"
        case .countdown(let duration):
            return "countdown " + length(duration)
        case .sequence(let sequence):
            let phases = sequence.phases.map { "\($0.label) \(length($0.duration))" }.joined(separator: ", ")
            return "cycle " + phases + (sequence.rounds.map { " x\($0)" } ?? "")
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
