import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// `report --chart`: bars and a calendar at 80, 60 and 40 columns, exact, in ASCII and in colour.
@Suite struct ReportChartTests {
    let mapper = StopwatchUIMapper(zone: ManualTimeZone())
    /// 2026-11-26T00:00:00Z, a Thursday.
    let midnight = Duration.seconds(1_795_651_200)

    func run(_ name: String, day: Int64, hours: Double, tags: [String] = []) -> RunRecord {
        let start = midnight + .seconds(86_400 * day + 9 * 3600)
        var run = RunRecord(
            id: SequentialIDSource.shared.next(), name: StopwatchName(name)!, plan: .open, startedAt: start,
            endedAt: start + .seconds(Int64(hours * 3600)),
            elapsed: .seconds(Int64(hours * 3600)), isEstimated: false, lapCount: 0
        )
        run.tags = tags
        return run
    }

    var runs: [RunRecord] {
        [
            run("build", day: 0, hours: 2), run("review", day: 0, hours: 1.5), run("build", day: -1, hours: 6),
            run("build", day: -2, hours: 0.25),
            run("read", day: -3, hours: 3), run("build", day: -20, hours: 4), run("build", day: -200, hours: 1),
        ]
    }

    func state(by grouping: [RunReport.Grouping]) -> ReportViewState {
        var report = RunReport(RunHistory(runs: runs), by: grouping, in: ManualTimeZone())
        report.today = ManualTimeZone().day(of: midnight)
        return mapper.viewState(report)
    }

    /// The columns a line takes on a terminal: its colour codes take none.
    func visibleWidth(_ line: Substring) -> Int {
        var count = 0
        var escaped = false
        for character in line {
            if character == "\u{1B}" {
                escaped = true
            } else if escaped {
                if character == "m" { escaped = false }
            } else {
                count += 1
            }
        }
        return count
    }

    @Test func barsFitEveryWidthAndSayWhatABlockIsWorth() {
        let wide = ReportChart.text(state(by: [.day, .name]), kind: .bars, width: 80, style: .plain)
        #expect(
            wide == """
                2026-05-10  build    1:00:00.00  ####
                2026-11-06  build    4:00:00.00  ################
                2026-11-23  read     3:00:00.00  ############
                2026-11-24  build      15:00.00  #
                2026-11-25  build    6:00:00.00  ########################
                2026-11-26  build    2:00:00.00  ########
                2026-11-26  review   1:30:00.00  ######
                total               17:45:00.00
                each # is 15:00

                """)
        #expect(
            ReportChart.text(state(by: [.day, .name]), kind: .bars, width: 60, style: .plain) == wide,
            "round blocks: a quarter hour fits 60 too")
        let narrow = ReportChart.text(state(by: [.day, .name]), kind: .bars, width: 40, style: .plain)
        #expect(
            narrow.hasSuffix(
                "2026-11-25  build    6:00:00.00  ######\n2026-11-26  build    2:00:00.00  ##\n2026-11-26  review   1:30:00.00  #\ntotal               17:45:00.00\neach # is 1:00:00\n"
            ), "\(narrow)")
        let colored = ReportChart.text(
            state(by: [.name]), kind: .bars, width: 40, style: ReportChart.Style(unicode: true, colors: true))
        #expect(
            colored.hasPrefix("build   13:15:00.00  \u{1B}[31m█████████████▎\u{1B}[0m\n"),
            "blocks and an eighth, the name's colour: \(colored)")
        #expect(colored.hasSuffix("each █ is 1:00:00\n"))
        for (width, text) in [(80, wide), (40, narrow), (40, colored)] {
            #expect(text.split(separator: "\n").allSatisfy { visibleWidth($0) < width }, "within \(width) columns")
        }
        // A key cut to fit: `…` on a terminal, ASCII elsewhere (issue "Release 0.5.0", item 12).
        let cramped = ReportChart.text(state(by: [.day, .name]), kind: .bars, width: 24, style: .plain)
        #expect(cramped.allSatisfy(\.isASCII) && cramped.contains("~ "), "\(cramped)")
        let unicode = ReportChart.text(
            state(by: [.day, .name]), kind: .bars, width: 24, style: ReportChart.Style(unicode: true, colors: false))
        #expect(unicode.contains("\u{2026}"), "\(unicode)")
    }

    @Test func aCalendarShadesEachDayAgainstTheLongestAndCountsTheStreak() {
        let wide = ReportChart.text(state(by: [.day]), kind: .calendar, width: 80, style: .plain)
        #expect(
            wide == """
                     Dec  Jan Feb Mar  Apr May Jun  Jul Aug  Sep Oct Nov
                Mon ....................................................+
                    ....................................................-
                Wed ....................................................#
                    ....................................................*
                Fri .................................................*..
                    ....................................................
                Sun .......................-............................
                . none  - to 1:30:00  + to 3:00:00  * to 4:30:00  # to 6:00:00
                streak: 4 days, since 2026-11-23; longest 4 days

                """)
        let middle = ReportChart.text(state(by: [.day]), kind: .calendar, width: 60, style: .plain)
        #expect(
            middle.contains("\n. none  - to 1:30:00  + to 3:00:00  * to 4:30:00\n# to 6:00:00\n"),
            "the legend on two lines: \(middle)")
        let narrow = ReportChart.text(state(by: [.day]), kind: .calendar, width: 40, style: .plain)
        #expect(
            narrow == """
                     Apr May Jun  Jul Aug  Sep Oct Nov
                Mon ..................................+
                    ..................................-
                Wed ..................................#
                    ..................................*
                Fri ...............................*..
                    ..................................
                Sun .....-............................
                . none  - to 1:30:00  + to 3:00:00
                * to 4:30:00  # to 6:00:00
                streak: 4 days, since 2026-11-23
                longest 4 days

                """)
        let colored = ReportChart.text(
            state(by: [.day]), kind: .calendar, width: 40, style: ReportChart.Style(unicode: true, colors: true))
        #expect(colored.contains("Wed ··································\u{1B}[1;32m█\u{1B}[0m\n"), "\(colored)")
        for (width, text) in [(80, wide), (60, middle), (40, narrow), (40, colored)] {
            #expect(text.split(separator: "\n").allSatisfy { visibleWidth($0) < width }, "within \(width) columns")
        }
    }

    @Test func aStreakCountsTodayOnceItHasTime() {
        #expect(
            ReportChart.streak([10: 1, 11: 1, 12: 0], today: 12)
                == "streak: 2 days, since \(ReportChart.date(10)); longest 2 days", "today not yet: up to yesterday")
        #expect(
            ReportChart.streak([10: 1, 12: 5], today: 12)
                == "streak: 1 day, since \(ReportChart.date(12)); longest 1 day")
        #expect(ReportChart.streak([:], today: 12) == "streak: 0 days; longest 0 days")
    }

    @Test func aTimelineMarksEachRunOnItsDaysHourAxis() {
        // Across midnight into Wednesday, a morning on Wednesday, and today's two (both from 09:00).
        var late = run("late", day: -2, hours: 3.5)
        late.startedAt = midnight - .seconds(86_400 + 2 * 3600)
        late.endedAt = late.startedAt + .seconds(3 * 3600 + 1800)
        let runs = [
            late, run("read", day: -1, hours: 4.5), run("build", day: 0, hours: 2), run("review", day: 0, hours: 1.5),
        ]
        var tally = RunReport.Tally(
            by: [.day], in: ManualTimeZone(), since: midnight - .seconds(2 * 86_400), until: midnight + .seconds(86_400)
        )
        tally.collectsSpans = true
        for run in runs { tally.add(run) }
        let report = tally.report(damaged: [])
        var state = mapper.viewState(report)
        state.timeline = mapper.timeline(
            report, since: midnight - .seconds(2 * 86_400), until: midnight + .seconds(86_400))
        let wide = ReportChart.text(state, kind: .timeline, width: 80, style: .plain)
        #expect(
            wide == """
                          0     3     6     9     12    15    18    21
                Tue 11-24 |...........|...........|...........|.......####
                Wed 11-25 ###.........|.....#########.........|...........
                Thu 11-26 |...........|.....####..|...........|...........
                each # is 30:00 with a run in it

                """)
        let narrow = ReportChart.text(state, kind: .timeline, width: 40, style: .plain)
        #expect(
            narrow == """
                          0     6     12    18
                Tue 11-24 |.....|.....|.....|...##
                Wed 11-25 ##....|..#####....|.....
                Thu 11-26 |.....|..##.|.....|.....
                each # is 1:00:00 with a run in it

                """)
        let colored = ReportChart.text(
            state, kind: .timeline, width: 60, style: ReportChart.Style(unicode: true, colors: true))
        #expect(
            colored.contains("\u{1B}[\(ReportChart.paletteColor("read"))m█\u{1B}[0m read"),
            "a legend of the names in their colours: \(colored)")
        for (width, text) in [(80, wide), (40, narrow), (60, colored)] {
            #expect(text.split(separator: "\n").allSatisfy { visibleWidth($0) < width }, "within \(width) columns")
        }
    }
}
