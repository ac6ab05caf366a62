import StopwatchCore
import StopwatchTestSupport
import Testing

/// `report`'s totals on fixed zones: runs split at local midnight, days of 23 and 25 hours, and
/// totals that always sum to the runs in the range.
@Suite struct RunReportTests {
    /// 2026-11-24T00:00:00Z, a Tuesday.
    let midnight = Duration.seconds(1_795_478_400)
    let utc = ManualTimeZone()

    func run(_ name: String, from start: Duration, wall: Duration, elapsed: Duration? = nil) -> RunRecord {
        RunRecord(
            id: SequentialIDSource.shared.next(), name: StopwatchName(name)!, plan: .open, startedAt: start,
            endedAt: start + wall, elapsed: elapsed ?? wall, isEstimated: false, lapCount: 0
        )
    }

    func day(_ key: RunReport.Key) -> String {
        guard case .day(let date) = key else { return "?" }
        return "\(date.year)-\(date.month)-\(date.day)"
    }

    @Test func aRunAcrossMidnightIsSplitThereAndItsPartsSumToIt() {
        let late = run("build", from: midnight - .seconds(1800), wall: .seconds(3600))
        let paused = run(
            "test", from: midnight - .seconds(3000), wall: .seconds(4000), elapsed: .microseconds(1_001_999))
        let report = RunReport(RunHistory(runs: [late, paused]), by: [.day, .name], in: utc)
        #expect(report.rows.map { day($0.keys[0]) } == ["2026-11-23", "2026-11-23", "2026-11-24", "2026-11-24"])
        #expect(
            report.rows.map(\.elapsed) == [.seconds(1800), .milliseconds(750), .seconds(1800), .milliseconds(251)],
            "whole milliseconds, 1,001 split 3:1, rounded down but the last")
        #expect(report.total == .seconds(3600) + .milliseconds(1001) && report.runs == 2)
        #expect(report.rows.map(\.elapsed).reduce(.zero, +) == report.total)
    }

    @Test func aDayAcrossADaylightSavingChangeHoldsItsOwnHoursOnly() {
        // Europe/Berlin's autumn change: 2026-10-25 is 25 hours long, from 2026-10-24T22:00Z.
        let berlin = ManualTimeZone(offset: .seconds(7200))
        berlin.changeOffset(at: .seconds(1_792_890_000), to: .seconds(3600))
        let dayStart = Duration.seconds(1_792_879_200)
        let wholeDay = run("long", from: dayStart - .seconds(3600), wall: .seconds(27 * 3600))
        let report = RunReport(RunHistory(runs: [wholeDay]), by: [.day], in: berlin)
        #expect(report.rows.map { day($0.keys[0]) } == ["2026-10-24", "2026-10-25", "2026-10-26"])
        #expect(report.rows.map(\.elapsed) == [.seconds(3600), .seconds(25 * 3600), .seconds(3600)])
    }

    @Test func weeksMonthsAndTheRangeEachCountTheirDaysOnly() {
        let runs = [
            run("a", from: midnight - .seconds(86_400 * 24), wall: .seconds(60)),  // 2026-10-31, ISO week 44
            run("a", from: midnight - .seconds(86_400 * 23), wall: .seconds(120)),  // 2026-11-01, a Sunday: week 44
            run("b", from: midnight + .seconds(10), wall: .seconds(30)),  // 2026-11-24, week 48
        ]
        let byMonth = RunReport(RunHistory(runs: runs), by: [.month], in: utc)
        #expect(byMonth.rows.map(\.keys) == [[.month(year: 2026, month: 10)], [.month(year: 2026, month: 11)]])
        #expect(byMonth.rows.map(\.elapsed) == [.seconds(60), .seconds(150)])
        let byWeek = RunReport(RunHistory(runs: runs), by: [.week, .name], in: utc)
        #expect(
            byWeek.rows.map(\.keys) == [
                [.week(year: 2026, week: 44), .name(StopwatchName("a")!)],
                [.week(year: 2026, week: 48), .name(StopwatchName("b")!)],
            ])
        #expect(byWeek.rows.map(\.runs) == [2, 1])
        let november = RunReport(
            RunHistory(runs: runs), by: [.name], in: utc, since: midnight - .seconds(86_400 * 23), until: midnight)
        #expect(
            november.rows.map(\.elapsed) == [.seconds(120)] && november.total == .seconds(120) && november.runs == 1)
    }

    @Test func newYorksSpringDayAndLordHowesHalfHourDaysHoldTheirOwnTime() {
        // America/New_York's spring change: 2026-03-08 is 23 hours long, from 05:00Z.
        let newYork = ManualTimeZone(offset: .seconds(-18_000))
        newYork.changeOffset(at: .seconds(1_772_953_200), to: .seconds(-14_400))
        let springDay = Duration.seconds(1_772_946_000)
        let spanning = run("late", from: springDay - .seconds(600), wall: .seconds(24 * 3600))
        let spring = RunReport(RunHistory(runs: [spanning]), by: [.day], in: newYork)
        #expect(spring.rows.map(\.elapsed) == [.seconds(600), .seconds(23 * 3600), .seconds(3000)])
        // Australia/Lord_Howe: 2026-10-04 is 23.5 hours long (+10:30 to +11:00).
        let lordHowe = ManualTimeZone(offset: .seconds(37_800))
        lordHowe.changeOffset(at: .seconds(1_791_041_400), to: .seconds(39_600))
        let dayStart = Duration.seconds(1_791_034_200)
        let report = RunReport(
            RunHistory(runs: [run("night", from: dayStart - .seconds(1800), wall: .seconds(25 * 3600))]), by: [.day],
            in: lordHowe)
        #expect(report.rows.map(\.elapsed) == [.seconds(1800), .seconds(23 * 3600 + 1800), .seconds(3600)])
        #expect(report.total == .seconds(25 * 3600))
    }

    /// A pomodoro run across midnight: 25-minute work phases, 5-minute breaks, the third work
    /// phase cut short by `next`, a wait before the fourth.
    func pomodoros(from start: Duration) -> RunRecord {
        let minute = Duration.seconds(60)
        let times = [
            PhaseTime(ran: minute * 25), PhaseTime(ran: minute * 5), PhaseTime(ran: minute * 25),
            PhaseTime(ran: minute * 5, waited: minute * 2),
            PhaseTime(ran: minute * 20), PhaseTime(ran: minute * 5), PhaseTime(ran: minute * 25),
        ]
        // A wait books nothing: the run booked its phases' time, over a span with the wait in it.
        let elapsed = times.reduce(Duration.zero) { $0 + $1.ran }
        let span = times.reduce(Duration.zero) { $0 + $1.ran + $1.waited }
        var run = RunRecord(
            id: SequentialIDSource.shared.next(), name: StopwatchName("focus")!, plan: .sequence(.pomodoro),
            startedAt: start,
            endedAt: start + span, elapsed: elapsed, isEstimated: false, lapCount: 0, phasesEnded: 7)
        run.phaseTimes = times
        return run
    }

    @Test func completedWorkPhasesAreCountedOnTheDayTheyEnd() {
        // Begun 40 minutes before midnight: the first work phase ends before it, the rest after.
        let run = pomodoros(from: midnight - .seconds(40 * 60))
        let report = RunReport(RunHistory(runs: [run]), by: [.day], in: utc)
        #expect(report.rows.map { day($0.keys[0]) } == ["2026-11-23", "2026-11-24"])
        #expect(report.rows.map(\.completed) == [1, 2], "the one cut short at 20 minutes is no pomodoro")
        #expect(report.completed == 3 && report.countedLabel == "work")
        let byPhase = RunReport(RunHistory(runs: [run]), by: [.phase], in: utc)
        #expect(
            byPhase.rows.map { $0.keys[0] } == [.phase("break"), .phase("work")],
            "a wait books nothing, so it has no row")
        #expect(byPhase.rows.map(\.completed) == [0, 3], "counted in the work row")
        let breaks = RunReport(RunHistory(runs: [run]), by: [.day], in: utc, counting: "break")
        #expect(breaks.completed == 3, "the breaks, each its whole length")
        let since = RunReport(RunHistory(runs: [run]), by: [.day], in: utc, since: midnight)
        #expect(since.completed == 2, "only those that ended in the range")
        var shortened = run
        shortened.elapsed = .seconds(60 * 60)
        #expect(
            RunReport(RunHistory(runs: [shortened]), by: [.day], in: utc).completed == 2,
            "a correction that took time away takes the phases past it")
    }
}
