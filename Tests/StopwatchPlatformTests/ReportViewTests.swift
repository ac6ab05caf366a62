import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// `report`'s table.
@Suite struct ReportViewTests {
    @Test func aReportOfOneGroupStillShowsTheGroupAndThenTheTotal() {
        let time = DurationTextMapper().viewState(.seconds(90))
        let row = ReportViewState.Row(keys: [""], elapsed: time, hours: "0.02", runs: 1, completed: 0)
        let state = ReportViewState(
            grouping: ["tags"], rows: [row],
            total: ReportViewState.Row(keys: [""], elapsed: time, hours: "0.02", runs: 1, completed: 0),
            counted: "work", damaged: []
        )
        let lines = ReportView.text(state, format: .table).split(separator: "\n").map {
            $0.split(separator: " ").first.map(String.init)
        }
        #expect(lines == ["TAGS", "-", "total"])
    }
}

/// Decimal hours from real durations, and tables that fit: `report` at 40 columns, `history` at
/// 80 and 60, exact.
@Suite struct HistoryAndReportLayoutTests {
    let mapper = StopwatchUIMapper(zone: ManualTimeZone())
    /// 2026-11-24T09:00:00Z.
    let nine = Duration.seconds(1_795_510_800)

    func run(_ name: String, at start: Duration, for elapsed: Duration, tags: [String] = []) -> RunRecord {
        var run = RunRecord(
            id: SequentialIDSource.shared.next(), name: StopwatchName(name)!, plan: .open, startedAt: start,
            endedAt: start + elapsed,
            elapsed: elapsed, isEstimated: false, lapCount: 0
        )
        run.tags = tags
        return run
    }

    func report(_ runs: [RunRecord], by grouping: [RunReport.Grouping]) -> ReportViewState {
        mapper.viewState(RunReport(RunHistory(runs: runs), by: grouping, in: ManualTimeZone()))
    }

    @Test func decimalHoursOfThreeThirdsOfAnHourAddUpToTheTotal() {
        let state = report(
            (0..<3).map { run("r\($0)", at: nine + .seconds(3600 * $0), for: .seconds(1200)) }, by: [.name])
        #expect(state.rows.map(\.hours) == ["0.34", "0.33", "0.33"] && state.total.hours == "1.00")
    }

    @Test func decimalHoursFromRealDurationsAddUpToTheTotal() {
        // 18 s is 0.005 h and 5,399 s is 1.4997 h: truncated alone, 0.00 and 1.49, a total of 1.50.
        let state = report(
            [run("short", at: nine, for: .seconds(18)), run("long", at: nine + .seconds(60), for: .seconds(5399))],
            by: [.name])
        #expect(state.total.hours == "1.50")
        #expect(
            state.rows.map(\.hours) == ["1.50", "0.00"],
            "long lost 0.0097 h to truncation, short 0.005: long gets the hundredth")
        let csv = ReportView.text(state, format: .csv).split(separator: "\n")
        #expect(
            csv == [
                "name,elapsed_ms,elapsed,hours,runs,completed", "long,5399000,1:29:59.00,1.50,1,0",
                "short,18000,00:18.00,0.00,1,0",
            ])
    }

    @Test func aReportNeverWrapsAt40Columns() {
        let state = report(
            [
                run("a-rather-long-stopwatch-name", at: nine, for: .seconds(5400), tags: ["billable", "client-a"]),
                run("b", at: nine, for: .seconds(60)),
            ],
            by: [.day, .name, .tags]
        )
        let text = ReportView.text(state, format: .table, hours: true, width: 40)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 39 }, "\(text)")
        #expect(
            text == """
                DAY         NAME     TAGS          TIME
                2026-11-24  a-rath…  billa…  1:30:00.00
                2026-11-24  b        -         01:00.00
                total                        1:31:00.00

                """
        )
        #expect(
            ReportView.text(state, format: .table, hours: true).split(separator: "\n").first?.hasSuffix("HOURS  RUNS")
                == true, "all of it where it fits")
    }

    @Test func historyKeepsStartTimeNameAndStatusAt80And60Columns() {
        var long = run("deploy-production", at: nine, for: .seconds(4000), tags: ["release"])
        long.lapCount = 3
        var countdown = run("tea", at: nine + .seconds(7200), for: .seconds(300))
        countdown.plan = .countdown(.seconds(300))
        countdown.overtime = .seconds(42)
        let state = mapper.viewState(RunHistory(runs: [countdown, long]))
        let ids = state.runs.map(\.shortID)
        let at80 = HistoryView.text(state, format: .table, width: 81)
        #expect(at80.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(at80)")
        #expect(
            at80 == """
                ID        START                END             TIME  NAME               STATUS
                \(ids[0])  2026-11-24 11:00:00  11:05:00    05:00.00  tea                expired
                \(ids[1])  2026-11-24 09:00:00  10:06:40  1:06:40.00  deploy-production  ended

                """, "TAGS, LAPS, PLAN and OVER left out, in that order"
        )
        let at60 = HistoryView.text(state, format: .table, width: 61)
        #expect(
            at60 == """
                ID        START              TIME  NAME              STATUS
                \(ids[0])  11-24 11:00    05:00.00  tea               expired
                \(ids[1])  11-24 09:00  1:06:40.00  deploy-producti…  ended

                """
        )
        let at40 = HistoryView.text(state, format: .table, width: 41)
        #expect(at40.split(separator: "\n").allSatisfy { $0.count <= 40 }, "\(at40)")
        #expect(at40.hasPrefix("START              TIME  NAME    STATUS\n"), "\(at40)")
        // Narrower still, ID goes, then STATUS, and NAME gets back what then fits.
        let at36 = HistoryView.text(state, format: .table, width: 37)
        #expect(at36.split(separator: "\n").allSatisfy { $0.count <= 36 }, "\(at36)")
        #expect(at36.hasPrefix("START              TIME  NAME\n") && at36.contains("  deploy-pro"), "\(at36)")
        // Below START, TIME and two letters of NAME, each line is cut, never wrapped.
        let at20 = HistoryView.text(state, format: .table, width: 21)
        #expect(at20.split(separator: "\n").allSatisfy { $0.count <= 20 && $0.hasSuffix("…") }, "\(at20)")
    }
}

/// What `undo` and `redo` say of the change they undid.
@Suite struct ChangeTextTests {
    func text(names: [String], runs: [String], redone: Bool = false) -> String {
        HistoryView.text(
            ChangeViewState(command: "remove", madeAt: "2026-11-25 09:15:00", names: names, runs: runs, redone: redone))
    }

    @Test func namesAreListedWithAnAndBeforeTheLast() {
        #expect(text(names: [], runs: []) == "undid the remove made 2026-11-25 09:15:00")
        #expect(text(names: ["a"], runs: ["1a2b"]) == "undid the remove of 'a' (run 1a2b) made 2026-11-25 09:15:00")
        #expect(
            text(names: ["a", "b"], runs: ["1a", "2b"], redone: true)
                == "redid the remove of 'a' and 'b' (runs 1a, 2b) made 2026-11-25 09:15:00")
        #expect(
            text(names: ["a", "b", "c"], runs: []) == "undid the remove of 'a', 'b' and 'c' made 2026-11-25 09:15:00")
    }

    @Test func atMostFourRunsAreNamed() {
        #expect(
            text(names: ["a"], runs: ["1", "2", "3", "4", "5"])
                == "undid the remove of 'a' (runs 1, 2, 3, 4, …) made 2026-11-25 09:15:00")
        #expect(
            text(names: ["a"], runs: ["1", "2", "3", "4"])
                == "undid the remove of 'a' (runs 1, 2, 3, 4) made 2026-11-25 09:15:00")
    }

    /// The README's report of a day of four pomodoros, by day and phase: exact.
    @Test func aDayOfFourPomodorosByPhaseCountsThem() {
        let minute = Duration.seconds(60)
        let nine = Duration.seconds(1_795_510_800)
        let mapper = StopwatchUIMapper(zone: ManualTimeZone())
        let times = (0..<8).map { PhaseTime(ran: $0 % 2 == 0 ? minute * 25 : ($0 == 7 ? minute * 15 : minute * 5)) }
        let elapsed = times.reduce(Duration.zero) { $0 + $1.ran }
        var pomodoro = RunRecord(
            id: SequentialIDSource.shared.next(), name: StopwatchName("focus")!, plan: .sequence(.pomodoro),
            startedAt: nine, endedAt: nine + elapsed,
            elapsed: elapsed, isEstimated: false, lapCount: 0, phasesEnded: 8
        )
        pomodoro.phaseTimes = times
        let text = ReportView.text(
            mapper.viewState(RunReport(RunHistory(runs: [pomodoro]), by: [.day, .phase], in: ManualTimeZone())),
            format: .table)
        #expect(
            text == """
                DAY         PHASE             TIME  DONE  RUNS
                2026-11-24  break         15:00.00     0     1
                2026-11-24  long-break    15:00.00     0     1
                2026-11-24  work        1:40:00.00     4     1
                total                   2:10:00.00     4     1

                """, "\(text)")
    }
}
