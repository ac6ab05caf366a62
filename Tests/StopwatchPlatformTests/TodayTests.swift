import Foundation
import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// `goal` and `today` on the file store: the goals file, the totals kept for a bar, and every
/// format's text, exact.
@Suite struct TodayTests {
    let directory = TemporaryDirectory()
    // 2026-11-26T13:00:00Z, a Thursday: 14:00 in UTC+1.
    let clock = ManualTimeSource(wall: .seconds(1_795_698_000))
    let zone = ManualTimeZone(offset: .seconds(3600))
    let output = RecordingOutput()
    let messages = RecordingOutput()

    var home: String { directory.file("state") }

    func run(_ arguments: String...) -> (status: ExitCode, output: String, messages: String) {
        run(arguments)
    }

    func run(_ arguments: [String]) -> (status: ExitCode, output: String, messages: String) {
        output.clear()
        messages.clear()
        let store = JSONFileStopwatchStore(directoryPath: home, timeSource: clock, zone: zone, machine: "desk")
        let container = DependencyContainer(
            store: store, history: store.history, timeSource: clock, timeZone: zone, ids: SequentialIDSource.shared,
            output: output,
            messages: messages)
        let status = CommandRunner(output: output, messages: messages, makeContainer: { container }).run(arguments)
        return (status, output.text, messages.text)
    }

    /// Issue "Release 0.5.0", item 2: a unit written apart goes on the number, and no goal is
    /// longer than its day or week.
    @Test func aGoalSlipIsNamedWithTheCommandMeant() throws {
        let cases: [([String], String)] = [
            (["goal", "6", "hours"], "'6' is no goal: 'stopwatch goal 6h' for hours"),
            (["goal", "90", "min"], "'90' is no goal: 'stopwatch goal 90m' for minutes"),
            (["goal", "25h"], "'25h' is longer than a day (24h at most); a week's goal: stopwatch goal 25h --week"),
            (["goal", "1000h"], "'1000h' is longer than a day (24h at most) (see 'stopwatch goal --help')"),
            (["goal", "169h", "--week"], "'169h' is longer than a week (168h at most) (see 'stopwatch goal --help')"),
        ]
        for (words, message) in cases {
            let result = run(words)
            #expect(result.status == .usage && result.messages == "stopwatch: \(message)\n", "\(words)")
        }
        #expect(!FileManager.default.fileExists(atPath: home + "/goals-" + MachineID(naming: "desk").hex))
        #expect(run("goal", "24h").status == .success && run("goal", "168h", "--week").status == .success)
    }

    @Test func goalsAreKeptAsWrittenAndABadFileIsNeverOverwritten() throws {
        #expect(run("goal", "6h", "8", "pomodoros").status == .success)
        #expect(run("goal", "30h", "--week").status == .success)
        // Each a change of this machine's, dated: a file no other machine writes.
        let dated = home + "/goals-" + MachineID(naming: "desk").hex
        let since = RFC3339Timestamp.string(from: clock.now().wall)
        #expect(
            try String(contentsOfFile: dated, encoding: .utf8)
                == "# stopwatch goals set on this machine with 'stopwatch goal': a change a line\nday 6h since \(since)\nday 8 pomodoros since \(since)\nweek 30h since \(since)\n"
        )
        try FileManager.default.removeItem(atPath: dated)
        // The file builds before dated goals wrote, read as standing for every day.
        let file = home + "/goals"
        let bare = run("goal", "8")
        #expect(
            bare.status == .usage
                && bare.messages
                    == "stopwatch: '8' is no goal: 'stopwatch goal 8h' for hours, or 'stopwatch goal 8 pomodoros' for pomodoros\n"
        )
        // Read as written without the whole grammar; by hand, with it.
        #expect(
            GoalFileStore.writtenTime("7h30m") == .seconds(27_000)
                && GoalFileStore.writtenTime("30h") == .seconds(108_000))
        #expect(
            GoalFileStore.writtenTime("90m") == .seconds(5400) && GoalFileStore.writtenTime("1m30s") == .seconds(90))
        #expect(["1h2h", "30m1h", "1.5h", "h", "", "6 h"].allSatisfy { GoalFileStore.writtenTime($0) == nil })
        try "day 1.5h # by hand\nweek 2 hours\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(
            try GoalFileStore(stateDirectory: home).read()
                == Goals(day: Goal(time: .seconds(5400)), week: Goal(time: .seconds(7200))))
        try "day 6h\nday eight pomodoros\n".write(toFile: file, atomically: true, encoding: .utf8)
        let refused = run("goal", "7h")
        #expect(
            refused.status == .dataError && refused.messages.contains("line 2, 'day eight pomodoros', is no goal"),
            "\(refused.messages)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "day 6h\nday eight pomodoros\n", "never rewritten")
    }

    /// Found by the simulation (seeds 2436772035942, 2450044214787): another machine's goals
    /// file arriving cut short, its last change half there, made every `report` and `today` fail.
    @Test func aGoalStillArrivingIsPassedOverAndADamagedOneIsNot() throws {
        #expect(run("goal", "2h").status == .success)
        let other = home + "/goals-" + MachineID(naming: "laptop").hex
        let since = RFC3339Timestamp.string(from: clock.now().wall - .seconds(60))
        try "# goals\nday 3h since \(since)\nday 30m since 2026-1".write(
            toFile: other, atomically: true, encoding: .utf8)
        #expect(run("today", "--format", "{goal}").output == "2h\n", "this machine's, set later, stands")
        #expect(run("report", "--json").status == .success)
        let whole = "# goals\nday 3h since \(since)\nday 30m since 2026-1\n"
        try whole.write(toFile: other, atomically: true, encoding: .utf8)
        let refused = run("today")
        #expect(refused.status == .dataError && refused.messages.contains("line 3, 'day 30m since 2026-1', is no goal"))
        try "# goals\nday eight\nday 3h since \(since)".write(toFile: other, atomically: true, encoding: .utf8)
        #expect(run("today").status == .dataError, "a line before the last is damage, not an append")
    }

    @Test func todayInEveryFormat() throws {
        #expect(run("goal", "4h", "2", "pomodoros").status == .success)
        #expect(run("track", "09:00", "10:30", "build").status == .success)
        #expect(run("start", "work").status == .success)
        clock.advance(by: .seconds(1800) + .milliseconds(5))
        #expect(
            run("today").output == """
                today: 2:00:00.00, 0 pomodoros; goal 4h and 2 pomodoros: 50%, 2:00:00.00 and 2 pomodoros left
                week: 2:00:00.00, 0 pomodoros

                """)
        #expect(
            run("today", "--format", "waybar").output
                == #"{"alt":"running","class":"running","percentage":50,"text":"work 30:00 · today 2:00:00 of 4h · 0/2 pomodoros","tooltip":"today: 2:00:00.00, 0 pomodoros; goal 4h and 2 pomodoros: 50%, 2:00:00.00 and 2 pomodoros left\nweek: 2:00:00.00, 0 pomodoros"}"#
                + "\n")
        #expect(
            run("today", "--format", "i3blocks").output
                == "work 30:00 · today 2:00:00 of 4h · 0/2 pomodoros\n30:00 · today 2:00:00 of 4h · 0/2 pomodoros\n#8ae234\n"
        )
        #expect(
            run("today", "--format", "{today_s} {goal_left} {done}/{done_left} {goal_percent}% [{timer}]").output
                == "2:00:00 2:00:00 0/2 50% [work 30:00]\n")
        let json = run("today", "--json").output
        #expect(
            json.hasPrefix(#"{"timer":{"#)
                && json.contains(
                    #""today":{"completed":0,"completedLeft":2,"elapsed":"2:00:00.00","elapsedMilliseconds":7200005,"#),
            "\(json)")
        let unknown = run("today", "--format", "{todya}")
        #expect(
            unknown.status == .usage
                && unknown.messages.hasPrefix(
                    "stopwatch: unknown field {todya} in the format '{todya}'; did you mean {today}?")
        )
    }

    @Test func aGoalReachedLeavesNothingAndTheFieldsHelpSaysHowItIsShown() throws {
        #expect(run("goal", "1h").status == .success)
        #expect(run("track", "09:00", "10:30", "build").status == .success)
        #expect(run("today", "--format", "{goal_left}").output == "00:00\n")
        #expect(TodayTemplate.Field.goalLeft.help.contains("(00:00 once reached"))
    }

    @Test func todaysBarShowsTheStopwatchListsBarShows() throws {
        #expect(run("start", "alpha").status == .success)
        #expect(run("pause", "alpha").status == .success)
        #expect(run("today", "--format", "{timer}").output == "alpha 00:00 paused\n", "paused, with none running")
        #expect(run("start", "build").status == .success)
        #expect(run("timer", "10m", "tea").status == .success)
        clock.advance(by: .seconds(60))
        // A countdown is more pressing than a stopwatch running, whatever their names; the minute
        // both counted is today's once.
        #expect(run("list", "--format", "{text}").output == "tea 09:00 left\n")
        #expect(run("today", "--format", "{timer}").output == "tea 09:00 left\n")
        for format in ["waybar", "i3blocks", "tmux", "polybar"] {
            let (listed, today) = (run("list", "--format", format).output, run("today", "--format", format).output)
            #expect(
                listed.contains("tea 09:00 left +2") && today.contains("tea 09:00 left · today 01:00"),
                "\(format): \(listed) | \(today)")
        }
        clock.advance(by: .seconds(600))
        #expect(
            run("today", "--format", "{timer}").output == run("list", "--format", "{text}").output,
            "expired, it goes on being shown first")
        #expect(run("today", "--format", "{timer}").output.hasPrefix("tea "))
        // Urgent in i3blocks as `status` and `list` are (issue "Release 0.5.0", item 10).
        #expect(run("list", "--format", "i3blocks").status == .urgent)
        #expect(run("today", "--format", "i3blocks").status == .urgent)
        #expect(run("today", "--format", "waybar").status == .success, "i3blocks alone reads the exit status")
        #expect(
            run("today", "--json").output.hasPrefix(#"{"timer":{"#)
                && run("today", "--json").output.contains(#""name":"tea""#))
    }

    @Test func aBarReadsTheTotalsKeptUntilHistoryChanges() throws {
        #expect(run("track", "09:00", "10:00", "build").status == .success)
        let store = JSONFileStopwatchStore(directoryPath: home, timeSource: clock, zone: zone, machine: "desk")
        let key = TotalsKey(spans: ReadProgressUseCase.spans(containing: clock.now().wall, in: zone), label: "work")
        var computed = 0
        func totals() throws -> [PeriodTotal] {
            try store.history.totals(for: key) {
                computed += 1
                return [PeriodTotal(booked: .seconds(Int64(computed))), PeriodTotal()]
            }
        }
        #expect(try totals()[0].booked == .seconds(1))
        #expect(try totals()[0].booked == .seconds(1) && computed == 1, "kept: not worked out again")
        #expect(
            try store.history.totals(for: TotalsKey(spans: key.spans, label: "focus")) {
                [PeriodTotal(), PeriodTotal()]
            }[0]
            .booked == .zero, "another key")
        #expect(try totals()[0].booked == .seconds(2), "worked out again after the other key")
        #expect(run("track", "10:00", "11:00", "build").status == .success)
        #expect(try totals()[0].booked == .seconds(3) && computed == 3, "history changed")
        // Another machine's file arriving is a change too.
        let history = home + "/history"
        let own = try #require(
            try FileManager.default.contentsOfDirectory(atPath: history).first { $0.hasPrefix("events-") })
        try FileManager.default.copyItem(atPath: history + "/" + own, toPath: history + "/events-0000000000000001.tsv")
        #expect(try totals()[0].booked == .seconds(4))
        let kept = try #require(
            try FileManager.default.contentsOfDirectory(atPath: history).first {
                $0.hasPrefix("snapshot-") && $0.hasSuffix(".totals")
            })
        // What the command reads, the made-up totals gone: the totals of the runs.
        try FileManager.default.removeItem(atPath: history + "/" + kept)
        #expect(
            run("today", "--format", "{today_s}").output == "2:00:00\n",
            "each run once: the copy's changes are the same changes")
    }

    /// Issue 61: a moment two runs counted counts once, whether the totals kept for a bar hold
    /// the run it shares or history is read again for it.
    @Test func todayCountsAMomentTwoRunsShareOnce() throws {
        #expect(run("track", "13:30", "13:55", "build").status == .success)
        #expect(run("today", "--format", "{today_s}").output == "25:00\n")
        #expect(run("start", "code", "--ago", "10m").status == .success)
        #expect(run("start", "meeting", "--ago", "5m").status == .success)
        for _ in 0..<2 {
            #expect(run("today", "--format", "{today_s}").output == "30:00\n", "13:30 to 14:00, each moment once")
        }
        #expect(
            run("report", "--since", "today").output.contains("40:00.00"), "report gives each run its own: 25 + 10 + 5")
        for name in ["code", "meeting"] {
            #expect(run("pause", name).status == .success && run("reset", name).status == .success)
        }
        #expect(run("today", "--format", "{today_s}").output == "30:00\n", "kept, the same")
    }

    /// A goal measures the day it was set and after, never the days before it.
    @Test func aReportByDayMeasuresEachDayAgainstTheDaysGoal() throws {
        #expect(run("goal", "4h").status == .success)
        #expect(run("track", "09:00", "10:30", "build").status == .success)
        #expect(run("track", "2026-11-25 09:00", "2026-11-25 14:00", "build").status == .success)
        #expect(
            run("report").output == """
                DAY               TIME  GOAL  RUNS
                2026-11-25  5:00:00.00           1
                2026-11-26  1:30:00.00   37%     1
                total       6:30:00.00           2

                """)
        #expect(!run("report", "--by", "name").output.contains("GOAL"), "a goal is a day's or a week's")
        #expect(run("report", "--json").output.contains(#""goalPercent":37,"#))
        #expect(run("goal", "20h", "--week").status == .success)
        #expect(run("report", "--by", "week").output.contains("  32%  "), "6:30 of the week's 20 hours")
    }

    @Test func aStatusTemplateShowsTodayBesideTheStopwatch() throws {
        #expect(run("goal", "4h").status == .success)
        #expect(run("track", "09:00", "10:30", "build").status == .success)
        #expect(run("start", "work").status == .success)
        clock.advance(by: .seconds(1800))
        #expect(
            run("status", "work", "--format", "{text} · today {today_s} of {goal} ({goal_percent}%), {done} done")
                .output == "work 30:00 · today 2:00:00 of 4h (50%), 0 done\n")
        let followed = run("status", "work", "--format", "{text} {today_s}", "--follow")
        #expect(
            followed.status == .usage
                && followed.messages
                    == "stopwatch: {today_s} is one of today's totals, read once: 'stopwatch status NAME --format' shows it without --follow, and 'stopwatch today' on its own\n"
        )
        #expect(run("list", "--format", "{text} {done}").status == .usage)
    }
}
