import StopwatchCore
import StopwatchTestSupport
import Testing

/// `report --by cause`: a run's time while somebody was there, and the away time it kept by
/// cause; away time dropped is in no row, and the rows still sum to the total.
@Suite struct RunReportByCauseTests {
    /// 2026-11-24T00:00:00Z, a Tuesday.
    let midnight = Duration.seconds(1_795_478_400)
    let utc = ManualTimeZone()

    func run(_ name: String, hours: Int64, away: Duration, locked: Duration, policy: AwayPolicy) -> RunRecord {
        var run = RunRecord(
            id: SequentialIDSource.shared.next(), name: StopwatchName(name)!, plan: .open,
            startedAt: midnight + .seconds(3600), endedAt: midnight + .seconds(3600 * (1 + hours)),
            elapsed: .seconds(3600 * hours) - (policy == .drop ? away : .zero), isEstimated: false, lapCount: 0)
        run.away = away
        run.awayLocked = locked
        run.awayPolicy = policy
        return run
    }

    func label(_ key: RunReport.Key) -> String {
        guard case .cause(let label) = key else { return "?" }
        return label
    }

    @Test func keptAwayTimeIsItsOwnRowsAndDroppedIsInNone() {
        let kept = run("work", hours: 10, away: .seconds(8 * 3600 + 1800), locked: .seconds(1800), policy: .keep)
        let dropped = run("deep", hours: 3, away: .seconds(3600), locked: .seconds(3600), policy: .drop)
        let report = RunReport(RunHistory(runs: [kept, dropped]), by: [.cause], in: utc)
        #expect(report.rows.map { label($0.keys[0]) } == ["present", "suspend", "lock"])
        #expect(report.rows.map(\.elapsed) == [.seconds(5400 + 7200), .seconds(8 * 3600), .seconds(1800)])
        #expect(report.rows.map(\.runs) == [2, 1, 1])
        #expect(report.total == .seconds(12 * 3600) && report.rows.map(\.elapsed).reduce(.zero, +) == report.total)
    }

    @Test func byNameThenCauseEachRunSplitsItsOwnTime() {
        let kept = run("work", hours: 2, away: .seconds(600), locked: .zero, policy: .keep)
        let report = RunReport(RunHistory(runs: [kept]), by: [.name, .cause], in: utc)
        #expect(report.rows.map { label($0.keys[1]) } == ["present", "suspend"])
        #expect(report.rows.map(\.elapsed) == [.seconds(6600), .seconds(600)])
    }

    /// A pomodoro completed is counted in `present`'s row: there is no cause named `work`.
    @Test func completedPomodorosAreCountedAsPresentsNotAsACauseOfTheirOwn() {
        let phases = PhaseSequence.pomodoro
        var cycle = RunRecord(
            id: SequentialIDSource.shared.next(), name: StopwatchName("c")!, plan: .sequence(phases),
            startedAt: midnight + .seconds(3600), endedAt: midnight + .seconds(3600 + 30 * 60),
            elapsed: .seconds(30 * 60), isEstimated: false, lapCount: 0, phasesEnded: 2)
        cycle.phaseTimes = [PhaseTime(ran: .seconds(25 * 60)), PhaseTime(ran: .seconds(5 * 60))]
        let report = RunReport(RunHistory(runs: [cycle]), by: [.cause], in: utc)
        #expect(report.rows.map { label($0.keys[0]) } == ["present"])
        #expect(report.rows.map(\.completed) == [1] && report.completed == 1)
    }
}
