import Foundation
import Testing

/// `goal` and `today` on the built binary: a goal set once, today's time and pomodoros against
/// it in every bar's format, a slip refused with nothing written.
@Suite struct TodayEndToEndTests {
    let stopwatch = StopwatchBinary()

    @Test func aGoalSetOnceIsWhatTodayAndItsBarsMeasureAgainst() throws {
        #expect(try stopwatch.run("goal", "6h").status == 0)
        #expect(try stopwatch.run("goal", "8", "pomodoros").status == 0)
        let slip = try stopwatch.run("goal", "8")
        #expect(
            slip.status == 64
                && slip.error
                    == "stopwatch: '8' is no goal: 'stopwatch goal 8h' for hours, or 'stopwatch goal 8 pomodoros' for pomodoros\n"
        )
        let file = try #require(
            try FileManager.default.contentsOfDirectory(atPath: stopwatch.home).first { $0.hasPrefix("goals-") })
        let goals = try String(contentsOfFile: stopwatch.home + "/" + file, encoding: .utf8)
        #expect(
            goals.split(separator: "\n").map { $0.split(separator: " ").prefix(3).joined(separator: " ") } == [
                "# stopwatch goals", "day 6h since", "day 8 pomodoros",
            ], "the slip changed nothing: \(goals)")

        // A block of an hour and a half ending now: in today (and the week) whatever the hour.
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let now = Date()
        let midnight = Calendar.current.startOfDay(for: now)
        let start = max(midnight, now.addingTimeInterval(-5400))
        let end = now.addingTimeInterval(-60)
        // In the first minutes of a day there is no whole minute of it behind: nothing to track.
        let tracks = formatter.string(from: start) < formatter.string(from: end)
        if tracks {
            #expect(
                try stopwatch.run("track", formatter.string(from: start), formatter.string(from: end), "build").status
                    == 0)
        }
        let today = try stopwatch.json(try stopwatch.run("today", "--json").output)
        let day = try #require(today["today"] as? [String: Any])
        let booked = try #require(day["elapsedMilliseconds"] as? Int)
        #expect(
            (booked > 0) == tracks && day["completed"] as? Int == 0
                && (day["goal"] as? [String: Any])?["time"] as? String == "6h")
        #expect(day["percent"] as? Int == booked * 100 / 21_600_000)
        let week = try #require(today["week"] as? [String: Any])
        #expect(week["elapsedMilliseconds"] as? Int ?? 0 >= booked && week["goal"] is NSNull)

        let waybar = try stopwatch.json(try stopwatch.run("today", "--format", "waybar").output)
        #expect(waybar["percentage"] as? Int == day["percent"] as? Int)
        #expect(
            (waybar["text"] as? String)?.hasPrefix("today ") == true
                && (waybar["text"] as? String)?.hasSuffix(" of 6h · 0/8 pomodoros") == true)
        var environment = stopwatch.environment
        environment["NO_COLOR"] = "1"
        let tmux = try stopwatch.run(["today", "--format", "tmux"], environment: environment)
        #expect(
            tmux.status == 0 && !tmux.output.contains("#[") && tmux.output.hasPrefix("today "),
            "no colour under NO_COLOR: \(tmux.output)")
        #expect(
            try stopwatch.run("today", "--format", "polybar").output.hasPrefix("%{F#babdb6}today "),
            "grey: nothing running")
        #expect(try stopwatch.run("start", "work").status == 0)
        #expect(
            try stopwatch.run("today", "--format", "{timer}").output.hasPrefix("work 00:0"),
            "the stopwatch running beside it")
        #expect(try stopwatch.run("goal", "--clear").output.hasPrefix("today: "), "shown after it is set or cleared")
        #expect(
            try stopwatch.json(try stopwatch.run("today", "--json").output)["today"].flatMap {
                ($0 as? [String: Any])?["goal"]
            } is NSNull)
    }
}

/// `report --chart` on the built binary: into a pipe, ASCII that fits 80 columns.
@Suite struct ReportChartEndToEndTests {
    let stopwatch = StopwatchBinary()

    @Test func aChartIntoAPipeIsPlainAndFits() throws {
        // One zone for the blocks and the timeline's hours.
        let utc = stopwatch.environment.merging(["TZ": "UTC"]) { $1 }
        #expect(
            try stopwatch.run(["track", "2026-11-20 09:00", "2026-11-20 11:00", "build"], environment: utc).status == 0)
        #expect(
            try stopwatch.run(["track", "2026-11-21 09:00", "2026-11-21 10:00", "read"], environment: utc).status == 0)
        let bars = try stopwatch.run("report", "--since", "2026-11-20", "--until", "2026-11-21", "--chart", "bars")
        #expect(
            bars.status == 0
                && bars.output
                    == "2026-11-20  2:00:00.00  ########################\n2026-11-21  1:00:00.00  ############\ntotal       3:00:00.00\neach # is 05:00\n",
            "\(bars.output)")
        #expect(!bars.output.contains("\u{1B}") && !bars.output.contains("█"), "ASCII into a pipe")
        let calendar = try stopwatch.run("report", "--chart", "calendar")
        #expect(calendar.status == 0 && calendar.output.split(separator: "\n").allSatisfy { $0.count < 80 })
        #expect(calendar.output.contains("\nstreak: "))
        let timeline = try stopwatch.run(
            ["report", "--chart", "timeline", "--since", "2026-11-20", "--until", "2026-11-21"], environment: utc)
        #expect(
            timeline.output.split(separator: "\n").dropFirst().prefix(2) == [
                "Fri 11-20 |...........|.....####..|...........|...........",
                "Sat 11-21 |...........|.....##....|...........|...........",
            ], "\(timeline.output)")
        let refused = try stopwatch.run("report", "--chart", "calendar", "--by", "name")
        #expect(
            refused.status == 64 && refused.error.hasPrefix("stopwatch: '--chart' and '--by' cannot be used together"),
            "\(refused.error)")
        #expect(try stopwatch.run("report", "--chart", "bars", "--json").status == 64)
    }
}

/// `report --chart` in a terminal (a pseudo-terminal of 80, 60 and 40 columns): blocks in colour,
/// and no line wider than the window, every chart.
@Suite struct ReportChartTerminalTests {
    let stopwatch = StopwatchBinary()

    @Test(arguments: [80, 60, 40])
    func everyChartFitsTheWindowInColour(columns: Int) throws {
        try stopwatch.run("track", "2026-11-20 09:00", "2026-11-20 11:00", "a-rather-long-stopwatch-name")
        try stopwatch.run("track", "2026-11-21 22:00", "2026-11-22 01:30", "late")
        for chart in ["bars", "calendar", "timeline"] {
            let terminal = try PseudoTerminal(columns: columns)
            let arguments = [
                "report", "--chart", chart, "--by", chart == "bars" ? "day,name" : "day", "--since", "2026-11-19",
                "--until", "2026-11-22",
            ]
            let process = try terminal.start(stopwatch, arguments)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(
                terminal.waitFor(
                    chart == "bars" ? "each \u{2588} is" : chart == "calendar" ? "streak: " : "with a run in it"),
                "\(chart) at \(columns)")
            // The columns each line takes: its colour codes take none (a terminal ends a line "\r\n").
            let lines = terminal.screen.split(whereSeparator: \.isNewline).map {
                $0.replacing(/\u{1B}\[[0-9;]*m/, with: "")
            }
            for line in lines where line.count >= columns {
                Issue.record("\(chart) at \(columns): \(line.debugDescription)")
            }
            #expect(
                terminal.screen.contains("\u{2588}") && terminal.screen.contains("\u{1B}["),
                "\(chart): blocks in colour on a terminal")
        }
    }
}
