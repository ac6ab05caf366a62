import Foundation
import Testing

/// History end to end, on the built binary: each change that ends a run keeps it, `history` lists
/// them with the runs in progress, and a bad range is refused with nothing written.
@Suite struct HistoryEndToEndTests {
    let stopwatch = StopwatchBinary()

    func runs(_ arguments: String...) throws -> [[String: Any]] {
        let result = try stopwatch.run(["history", "--json"] + arguments)
        #expect(result.status == 0, "\(result.error)")
        return try #require(try stopwatch.json(result.output)["runs"] as? [[String: Any]])
    }

    @Test func eachChangeThatEndsARunKeepsItAndHistoryListsItNewestFirst() throws {
        #expect(try stopwatch.run("history").error.hasPrefix("no runs: "), "a note, not an empty table")
        try stopwatch.run("start", "build")
        try stopwatch.run("lap", "build", "--label", "compile")
        try stopwatch.run("reset", "build")
        try stopwatch.run("timer", "1h", "tea")
        try stopwatch.run("timer", "2h", "tea", "--force")
        try stopwatch.run("start", "gone")
        try stopwatch.run("delete", "gone")
        let listed = try runs()
        #expect(listed.map { $0["name"] as? String } == ["gone", "tea", "tea", "build"])
        #expect(listed.map { $0["status"] as? String } == ["ended", "running", "ended", "ended"])
        #expect(
            listed.map { $0["plan"] as? String } == [
                "stopwatch", "countdown 2:00:00", "countdown 1:00:00", "stopwatch",
            ])
        #expect(listed[3]["laps"] as? Int == 1)
        let start = try #require(listed[3]["start"] as? String)
        #expect(
            start.contains(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}[+-]\d\d:\d\d$/),
            "RFC 3339 with the offset it had: \(start)")
        #expect(try runs("tea").count == 2 && runs("build", "gone").count == 2, "by name")
        #expect(try runs("--since", "today").count == 4 && runs("--until", "yesterday").isEmpty)
        let csv = try stopwatch.run("history", "--csv").output.split(separator: "\n")
        #expect(
            csv.first
                == "id,name,kind,plan,status,start,end,elapsed_ms,elapsed,overtime_ms,estimated,laps,tags,phases,away_ms,away_policy,away_lock_ms,away_idle_ms,away_dropped_ms,away_undecided_ms"
                && csv.count == 5)
        let ids = listed.compactMap { $0["id"] as? String }
        #expect(Set(ids).count == 4 && ids.allSatisfy { $0.count == 32 }, "each run its own id")
        #expect(
            try runs().compactMap { $0["id"] as? String } == ids, "the same on every reading, the run in progress's too"
        )
        let unknown = try stopwatch.run("history", "biuld")
        #expect(
            unknown.status == 66
                && unknown.error == "stopwatch: no stopwatch or run named 'biuld' (did you mean 'build'?)\n",
            "\(unknown.error)")
        #expect(
            try stopwatch.run("report", "gnoe").error
                == "stopwatch: no stopwatch or run named 'gnoe' (did you mean 'gone'?)\n")
    }

    @Test func aCyclesRunKeepsEachPhasePlannedAgainstActual() throws {
        try stopwatch.run("cycle", "focus", "work=10m", "rest=5m")
        try stopwatch.run("next", "focus")
        try stopwatch.run("reset", "focus")
        let runs = try #require(
            try stopwatch.json(try stopwatch.run("history", "focus", "--json").output)["runs"] as? [[String: Any]])
        let phases = try #require(runs.first?["phases"] as? [[String: Any]])
        #expect(phases.map { $0["label"] as? String } == ["work", "rest"])
        #expect(phases.map { $0["plannedMilliseconds"] as? Int } == [600_000, 300_000])
        #expect(phases.map { $0["planned"] as? String } == ["10:00.00", "05:00.00"])
        #expect(
            phases.map { $0["ended"] as? Bool } == [true, false], "work ended by next; rest going when the run ended")
        let actual = phases.compactMap { $0["actualMilliseconds"] as? Int }
        #expect(actual.count == 2 && actual.allSatisfy { $0 < 60_000 }, "ended early: \(actual)")
        let csv = try stopwatch.run("history", "focus", "--csv").output.split(separator: "\n")
        #expect(csv.last?.contains(",work:600000:\(actual[0]);rest:300000:\(actual[1])") == true, "\(csv)")
    }

    @Test func aDamagedLineIsReportedWithItsFileAndNumberAndPassedOver() throws {
        for _ in 0..<2 {
            try stopwatch.run("start", "build")
            try stopwatch.run("reset", "build")
        }
        let file = try #require(stopwatch.historyFile)
        var lines = try String(contentsOfFile: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        lines[1] = lines[1].replacingOccurrences(of: "\tbuild\t", with: "\tbu1ld\t")
        try lines.joined(separator: "\n").write(toFile: file, atomically: false, encoding: .utf8)
        let listed = try stopwatch.run("history")
        #expect(listed.status == 0 && listed.output.split(separator: "\n").count == 2, "the other run")
        #expect(
            listed.error
                == "stopwatch: \(file): line 2 could not be read and was passed over (damaged, or changed by hand)\n",
            "\(listed.error)")
        #expect(try stopwatch.run("report").error == listed.error)
    }

    @Test func aBadDayOrRangeIsRefusedWithWhatToType() throws {
        try stopwatch.run("start", "build")
        try stopwatch.run("reset", "build")
        let file = try #require(stopwatch.historyFile)
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let unknown = try stopwatch.run("history", "--since", "tomorow")
        #expect(unknown.status == 64 && unknown.output.isEmpty)
        #expect(unknown.error.hasPrefix("stopwatch: invalid day 'tomorow' for '--since': use today, yesterday"))
        let reversed = try stopwatch.run("history", "--since", "today", "--until", "-3d")
        #expect(reversed.status == 64 && reversed.output.isEmpty)
        #expect(
            reversed.error.contains("'stopwatch history --since=-3d --until today' swaps them"), "\(reversed.error)")
        let swapped = try stopwatch.run("history", "--since=-3d", "--until", "today")
        #expect(swapped.status == 0 && swapped.output.contains("build"), "the suggestion works when pasted")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
    }
}

/// `report` end to end: totals by day and name that sum to the runs, in every format.
@Suite struct ReportEndToEndTests {
    let stopwatch = StopwatchBinary()

    @Test func totalsByDayAndNameSumToTheRunsInEveryFormat() throws {
        #expect(try stopwatch.run("report").error.hasPrefix("no runs: "))
        for name in ["build", "test", "build"] {
            try stopwatch.run("start", name)
            try stopwatch.run("reset", name)
        }
        let json = try stopwatch.json(try stopwatch.run("report", "--by", "name,day", "--json").output)
        let rows = try #require(json["rows"] as? [[String: Any]])
        let total = try #require(json["total"] as? [String: Any])
        #expect(json["by"] as? [String] == ["name", "day"])
        #expect(rows.map { $0["name"] as? String } == ["build", "test"] && rows.map { $0["runs"] as? Int } == [2, 1])
        #expect(total["runs"] as? Int == 3)
        let sum = rows.compactMap { $0["elapsedMilliseconds"] as? Int }.reduce(0, +)
        #expect(sum == total["elapsedMilliseconds"] as? Int, "the rows sum to the total")
        let csv = try stopwatch.run("report", "--by", "name", "--csv").output.split(separator: "\n")
        #expect(csv.first == "name,elapsed_ms,elapsed,hours,runs,completed" && csv.count == 3)
        let table = try stopwatch.run("report", "--hours").output
        #expect(
            table.hasPrefix("DAY ") && table.contains("HOURS")
                && table.split(separator: "\n").last?.hasPrefix("total") == true)
        let unknown = try stopwatch.run("report", "--by", "dya")
        #expect(
            unknown.status == 64 && unknown.error.hasPrefix("stopwatch: unknown grouping 'dya' for '--by'"),
            "\(unknown.error)")
        let reversed = try stopwatch.run("report", "--since", "today", "--until", "yesterday")
        #expect(
            reversed.status == 64
                && reversed.error.contains("'stopwatch report --since yesterday --until today' swaps them"))
    }
}

/// Time fixed after the fact end to end: `start --ago`, `pause --ago`, and what is refused.
@Suite struct BackdateEndToEndTests {
    let stopwatch = StopwatchBinary()

    @Test func aForgottenStartAndStopAreToldAfterTheFact() throws {
        // A start from before the machine booted is an estimate (`~`): a machine up for less than
        // the quarter of an hour (a fresh CI runner) cannot have measured it.
        let uptime = try String(contentsOfFile: "/proc/uptime", encoding: .utf8).split(separator: " ").first
        let estimated = (uptime.flatMap { Double($0) } ?? 0) < 16 * 60 ? "~" : ""
        let started = try stopwatch.run("start", "meeting", "--ago", "15m")
        #expect(
            started.status == 0 && started.output.hasPrefix("meeting: running \(estimated)15:00."), "\(started.output)")
        let tooFar = try stopwatch.run("pause", "meeting", "--ago", "20m")
        #expect(tooFar.status == 64 && tooFar.output.isEmpty)
        #expect(
            tooFar.error.hasPrefix("stopwatch: cannot pause 'meeting' 20:00.00 ago: it has run only 15:00."),
            "\(tooFar.error)")
        #expect(tooFar.error.contains("'stopwatch pause meeting --ago 900s' is as far back as it goes"))
        #expect(
            try stopwatch.run("status", "meeting").output.hasPrefix("meeting: running"),
            "a refused pause changed nothing")
        let paused = try stopwatch.run("pause", "meeting", "--ago", "5m")
        #expect(
            paused.status == 0 && paused.output.hasPrefix("meeting: paused \(estimated)10:00."), "\(paused.output)")
        let both = try stopwatch.run("start", "other", "--ago", "5m", "--at", "09:00")
        #expect(both.status == 64 && both.error.hasPrefix("stopwatch: give '--ago DURATION' or '--at HH:MM', not both"))
        let badTime = try stopwatch.run("start", "other", "--at", "9h")
        #expect(badTime.status == 64 && badTime.error.hasPrefix("stopwatch: invalid time '9h' for '--at'"))
        #expect(try stopwatch.run("status", "other").status == 66, "nothing was created")
    }
}

/// `track` end to end: a block told after the fact is a run in history and counts in a report.
@Suite struct TrackEndToEndTests {
    let stopwatch = StopwatchBinary()

    @Test func aTrackedBlockIsARunMarkedToldNotMeasured() throws {
        let tracked = try stopwatch.run("track", "09:00", "10:30", "meeting", "--json")
        #expect(tracked.status == 0, "\(tracked.error)")
        let run = try #require((try stopwatch.json(tracked.output)["runs"] as? [[String: Any]])?.first)
        #expect(
            run["name"] as? String == "meeting" && run["elapsedMilliseconds"] as? Int == 5_400_000
                && run["estimated"] as? Bool == true)
        #expect(try stopwatch.run("history", "meeting", "--csv").output.contains(",5400000,"))
        #expect(stopwatch.stateFiles().isEmpty, "no stopwatch was made")
        let missing = try stopwatch.run("track", "09:00")
        #expect(missing.status == 64 && missing.error.hasPrefix("stopwatch: 'track' needs the block's start and end"))
        let same = try stopwatch.run("track", "09:00", "09:00", "x")
        #expect(same.status == 64 && same.error.hasPrefix("stopwatch: the block starts and ends at '09:00'"))
    }
}

/// Tags end to end: given at the start, kept with the run, and a report's grouping.
@Suite struct TagEndToEndTests {
    let stopwatch = StopwatchBinary()

    @Test func aRunsTagsAreKeptAndReportedAsASet() throws {
        #expect(try stopwatch.run("start", "a", "--tag", "client-a,billable,billable").status == 0)
        try stopwatch.run("reset", "a")
        try stopwatch.run("start", "b")
        try stopwatch.run("reset", "b")
        let runs = try #require(
            try stopwatch.json(try stopwatch.run("history", "--json").output)["runs"] as? [[String: Any]])
        #expect(runs.map { $0["tags"] as? [String] } == [[], ["billable", "client-a"]], "sorted, each once")
        #expect(
            try stopwatch.run("history", "--csv").output.contains(",\"billable,client-a\",,0,keep,0,0,0,0\n"),
            "one CSV field")
        let report = try stopwatch.json(try stopwatch.run("report", "--by", "tags", "--json").output)
        #expect((report["rows"] as? [[String: Any]])?.map { $0["tags"] as? String } == ["", "billable,client-a"])
        try stopwatch.run("restart", "a", "--tag", "client-b")
        try stopwatch.run("restart", "a")
        let latest = try #require(
            try stopwatch.json(try stopwatch.run("history", "a", "--json").output)["runs"] as? [[String: Any]])
        #expect(
            latest.prefix(2).map { $0["tags"] as? [String] } == [[], ["client-b"]],
            "restart --tag tags the new run; a plain restart, none")
        try stopwatch.run("timer", "5m", "tea", "--tag", "kitchen")
        try stopwatch.run("cycle", "focus", "--tag", "deep")
        try stopwatch.run("delete", "tea", "focus")
        let kept = try #require(
            try stopwatch.json(try stopwatch.run("history", "tea", "focus", "--json").output)["runs"]
                as? [[String: Any]])
        #expect(
            Set(kept.compactMap { ($0["tags"] as? [String])?.first }) == ["kitchen", "deep"],
            "timer and cycle tag their runs too")
        let added = try stopwatch.run("timer", "tea2", "--add", "1m", "--tag", "x")
        #expect(added.status == 64, "--add changes a countdown; tags are given when it is made")
        let bad = try stopwatch.run("start", "c", "--tag", "a b")
        #expect(bad.status == 64 && bad.error.hasPrefix("stopwatch: invalid tag 'a b' for '--tag'"))
        // Issue "Release 0.5.0", item 5: an empty answer says whether any run is kept at all.
        let none = try stopwatch.run("history", "--since", "2099-01-01")
        #expect(
            none.status == 0 && none.output.isEmpty
                && none.error.hasPrefix("no runs of those asked for; history keeps ")
                && none.error.hasSuffix(" runs, of other names, tags or days\n"), "\(none.error)")
        // Issue "Release 0.5.0", item 9: runs by tag, every tag given, in history and report alike.
        let early = try stopwatch.json(
            try stopwatch.run("track", "07:00", "07:30", "early", "--tag", "kitchen,billable", "--json").output)
        let recorded = try #require((early["runs"] as? [[String: Any]])?.first)
        // Issue "Release 0.5.0", item 8: the machine that recorded it, as history says once read back.
        let readBack = try #require(
            (try stopwatch.json(try stopwatch.run("history", "early", "--json").output)["runs"] as? [[String: Any]])?
                .first)
        #expect(recorded["machine"] is String && recorded["machine"] as? String == readBack["machine"] as? String)
        let tagged = try #require(
            try stopwatch.json(try stopwatch.run("history", "--tag", "kitchen", "--json").output)["runs"]
                as? [[String: Any]])
        #expect(Set(tagged.compactMap { $0["name"] as? String }) == ["tea", "early"], "\(tagged)")
        let both = try #require(
            try stopwatch.json(try stopwatch.run("history", "--tag", "kitchen,billable", "--json").output)["runs"]
                as? [[String: Any]])
        #expect(both.compactMap { $0["name"] as? String } == ["early"])
        let billable = try stopwatch.json(try stopwatch.run("report", "--tag", "billable", "--json").output)
        #expect((billable["total"] as? [String: Any])?["runs"] as? Int == 2, "\(billable)")
        let kitchen = try stopwatch.json(try stopwatch.run("report", "--tag", "billable,kitchen", "--json").output)
        #expect((kitchen["total"] as? [String: Any])?["runs"] as? Int == 1, "\(kitchen)")
        let untagged = try stopwatch.run("report", "--tag", "nosuch")
        #expect(untagged.status == 0 && untagged.error.hasPrefix("no runs of those asked for; history keeps "))
        let many = try stopwatch.run("start", "c", "--tag", (1...17).map { "t\($0)" }.joined(separator: ","))
        #expect(
            many.status == 64
                && many.error
                    == "stopwatch: '--tag' takes at most 16 tags, separated by commas; got 17 (see 'stopwatch start --help')\n",
            "a count of tags, not a number --tag took")
    }
}

/// History in real time zones (the system's files), as a user at Lord Howe, in Berlin or in New
/// York sees it: each time with the UTC offset it had, and the local day.
@Suite struct HistoryZoneTests {
    let stopwatch = StopwatchBinary()

    @Test(arguments: ["Australia/Lord_Howe", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "America/St_Johns"])
    func aTrackedBlockShowsItsLocalTimesWithTheirOffset(_ zone: String) throws {
        guard let timeZone = TimeZone(identifier: zone),
            FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/" + zone)
        else {
            print("note: no time zone file for \(zone); not checked")
            return
        }
        var environment = stopwatch.environment
        environment["TZ"] = zone
        let result = try stopwatch.run(["track", "00:10", "00:40", "night", "--json"], environment: environment)
        #expect(result.status == 0, "\(result.error)")
        let run = try #require((try stopwatch.json(result.output)["runs"] as? [[String: Any]])?.first)
        let start = try #require(run["start"] as? String)
        #expect(start.contains("T00:10:00.000000"), "local midnight's ten past: \(start)")
        // The offset the zone had at that start: its seconds from GMT then, as +HH:MM.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let instant = try #require(
            ISO8601DateFormatter().date(from: String(start.prefix(19)) + String(start.suffix(6))))
        let seconds = timeZone.secondsFromGMT(for: instant)
        let offset = String(
            format: "%@%02d:%02d", seconds < 0 ? "-" : "+", abs(seconds) / 3600, abs(seconds) % 3600 / 60)
        #expect(start.hasSuffix(offset), "\(start) has \(zone)'s offset \(offset)")
        let day = try #require(
            try stopwatch.json(try stopwatch.run(["report", "--json"], environment: environment).output)["rows"]
                as? [[String: Any]])
        #expect(day.first?["day"] as? String == String(start.prefix(10)), "the local day")
    }

    /// One rule for the local day of an instant: a block from 23:00 to 01:00, local, shows across
    /// two days in `history`, is split at local midnight by `report`, and each of its days finds it
    /// with `--since DAY --until DAY`. In zones with whole and half-hour offsets, and on the days
    /// the clocks change (Berlin's both, Lord Howe's half hour).
    @Test(arguments: [
        ("Asia/Tokyo", "2026-11-24"), ("America/St_Johns", "2026-11-24"), ("Europe/Berlin", "2026-03-28"),
        ("Europe/Berlin", "2026-10-24"),
        ("Australia/Lord_Howe", "2026-10-03"), ("Australia/Lord_Howe", "2026-04-04"),
    ])
    func aBlockAcrossLocalMidnightIsOnBothDaysByOneRule(_ zone: String, _ day: String) throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/" + zone) else {
            print("note: no time zone file for \(zone); not checked")
            return
        }
        var environment = stopwatch.environment
        environment["TZ"] = zone
        // The day after `day`.
        var next = try #require(ISO8601DateFormatter().date(from: day + "T12:00:00Z"))
        next.addTimeInterval(86_400)
        let nextDay = String(ISO8601DateFormatter().string(from: next).prefix(10))
        let tracked = try stopwatch.run(
            ["track", day + " 23:00", nextDay + " 01:00", "late", "--json"], environment: environment)
        #expect(tracked.status == 0, "\(tracked.error)")
        let run = try #require((try stopwatch.json(tracked.output)["runs"] as? [[String: Any]])?.first)
        #expect(
            (run["start"] as? String)?.hasPrefix(day + "T23:00:00") == true
                && (run["end"] as? String)?.hasPrefix(nextDay + "T01:00:00") == true, "\(run)")
        let report = try #require(
            try stopwatch.json(try stopwatch.run(["report", "--json"], environment: environment).output)["rows"]
                as? [[String: Any]])
        #expect(report.map { $0["day"] as? String } == [day, nextDay], "split at local midnight")
        let elapsed = run["elapsedMilliseconds"] as? Int ?? 0
        #expect(report.map { $0["elapsedMilliseconds"] as? Int ?? 0 }.reduce(0, +) == elapsed)
        for each in [day, nextDay] {
            let listed = try stopwatch.run(
                ["history", "--since", each, "--until", each, "--json"], environment: environment)
            #expect((try stopwatch.json(listed.output)["runs"] as? [[String: Any]])?.count == 1, "\(each) finds it")
            let counted = try stopwatch.json(
                try stopwatch.run(["report", "--since", each, "--until", each, "--json"], environment: environment)
                    .output)
            #expect((counted["rows"] as? [[String: Any]])?.count == 1, "\(each) counts its part")
        }
    }
}
