import StopwatchTestSupport
import Testing

@testable import StopwatchCore
@testable import StopwatchPlatform

/// Away time as every surface tells it: the status line, its JSON, and history's table, CSV and
/// JSON, from the one view state.
@Suite struct AwayViewTests {
    let clock = ManualTimeSource()
    let mapper = StopwatchUIMapper(zone: ManualTimeZone())
    let name = StopwatchName("work")!
    let night = Duration.seconds(8 * 3600)

    func history(_ run: RunRecord) -> HistoryViewState {
        HistoryViewState(runs: [mapper.viewState(run)], damaged: [])
    }

    @Test func theStatusLineAndItsJSONTellTheNightAndWhatBecameOfIt() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        clock.advance(by: .seconds(60))
        #expect(!StatusView.text(mapper.viewState(state, at: clock.now()), format: .line).contains("away"))
        clock.suspend(for: night)
        let kept = mapper.viewState(state, at: clock.now())
        #expect(StatusView.text(kept, format: .line) == "work: running 8:01:00.00, away 8:00:00.00 (suspend, kept)\n")
        state.awayPolicy = .drop
        let dropped = mapper.viewState(state, at: clock.now())
        #expect(
            StatusView.text(dropped, format: .line) == "work: running 01:00.00, away 8:00:00.00 (suspend, dropped)\n")
        let template = StatusView.Format.template(try StatusTemplate(parsing: "{name} {away} {away_s}"))
        #expect(StatusView.text(dropped, format: template) == "work 8:00:00.00 8:00:00\n")
        #expect(
            StatusView.text(
                mapper.viewState(try StopwatchState.initial(name).started(at: clock.now()), at: clock.now()),
                format: template) == "work  \n", "empty for none")
        let json = StatusView.text(dropped, format: .json)
        #expect(
            json.contains(
                #""awayDroppedMilliseconds":28800000,"awayMicroseconds":28800000000,"awayMilliseconds":28800000,"awayPolicy":"drop","awayUndecidedMilliseconds":0"#
            ))
    }

    @Test func aLockedStretchIsToldByItsCauseBesideTheNight() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        state.awayPolicy = .drop
        clock.suspend(for: night)
        let locked = clock.now()
        clock.advance(by: .seconds(2700))
        state = state.booking(.lock, since: locked, at: clock.now())
        clock.advance(by: .seconds(60))
        let viewState = mapper.viewState(state, at: clock.now())
        #expect(
            StatusView.text(viewState, format: .line)
                == "work: running 01:00.00, away 8:45:00.00 (suspend, lock, dropped)\n")
        #expect(
            StatusView.text(viewState, format: .json).contains(
                #""awayByCause":{"idle":0,"lock":2700000,"suspend":28800000}"#))
    }

    @Test func historyShowsAnAwayColumnWhenARunHasAwayTimeAndItsFieldsInCSVAndJSON() {
        var run = RunRecord(
            id: EventID(high: 1, low: 2), name: name, plan: .open, startedAt: .seconds(1_767_225_600),
            endedAt: .seconds(1_767_225_600 + 30_000), elapsed: .seconds(1200), isEstimated: false, lapCount: 0,
            phasesEnded: 0)
        #expect(!HistoryView.text(history(run), format: .table).contains("AWAY"), "none, no column")
        run.away = night
        run.awayPolicy = .drop
        let table = HistoryView.text(history(run), format: .table)
        #expect(table.contains("AWAY") && table.contains("8:00:00.00 dropped"), "\(table)")
        let csv = HistoryView.text(history(run), format: .csv)
        #expect(csv.hasPrefix(HistoryView.csvHeader) && csv.hasSuffix(",28800000,drop,0,0,28800000,0\n"), "\(csv)")
        let json = HistoryView.text(history(run), format: .json)
        #expect(
            json.contains(
                #""away":"8:00:00.00","awayByCause":{"idle":0,"lock":0,"suspend":28800000},"awayDroppedMilliseconds":28800000,"awayMilliseconds":28800000,"awayPolicy":"drop","awayUndecidedMilliseconds":0"#
            ), "\(json)")
        run.away = night + .seconds(2700)
        run.awayLocked = .seconds(2700)
        #expect(HistoryView.text(history(run), format: .csv).hasSuffix(",31500000,drop,2700000,0,31500000,0\n"))
        // Narrowed, AWAY goes after TAGS, LAPS and PLAN, before OVER and END.
        let widths = (20...160).map { width in (width, HistoryView.text(history(run), format: .table, width: width)) }
        let lastWithAway = widths.last { !$0.1.contains("AWAY") }?.0 ?? 0
        let plan = widths.first { $0.1.contains("PLAN") }?.0 ?? 0
        let end = widths.first { $0.1.contains("END") }?.0 ?? 0
        #expect(
            end <= lastWithAway && lastWithAway < plan,
            "END from \(end), AWAY from \(lastWithAway + 1), PLAN from \(plan)")
    }

    @Test func undecidedAwayTimeIsMarkedOnTheBars() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        state.awayPolicy = .ask
        clock.advance(by: .seconds(60))
        let before = mapper.viewState(state, at: clock.now())
        #expect(!StatusView.text(before, format: .bar(.waybar)).contains("away"))
        #expect(!StatusBarFormat.i3blocks.isUrgent(before))
        clock.suspend(for: night)
        let undecided = mapper.viewState(state, at: clock.now())
        #expect(StatusView.text(undecided, format: .line).hasSuffix(", away 8:00:00.00 (suspend, undecided)\n"))
        #expect(StatusView.text(undecided, format: .bar(.waybar)).contains(#""class":["running","away"]"#))
        #expect(StatusBarFormat.i3blocks.isUrgent(undecided) && !StatusBarFormat.waybar.isUrgent(undecided))
        // In a window of 40 columns the live line keeps a mark, where the whole does not fit (issue 61).
        let narrow = StopwatchLineComposer.line(undecided, width: 40)
        #expect(narrow.count <= 40 && narrow.hasSuffix(", away?"), "\(narrow)")
        let decided = mapper.viewState(try #require(state.deciding(.keep, at: clock.now())), at: clock.now())
        let quiet = StopwatchLineComposer.line(decided, width: 40)
        #expect(!quiet.contains("away"), "decided, it gives way first: \(quiet)")
    }

    @Test func aRunThatAsksTellsWhatWasDecidedOfItAndWhatWaitsOnEverySurface() throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        state.awayPolicy = .ask
        var since = clock.now()
        clock.advance(by: .seconds(1200))
        state = state.booking(.lock, since: since, at: clock.now())
        state = try #require(state.deciding(.drop, at: clock.now()))
        since = clock.now()
        clock.advance(by: .seconds(1620))
        state = state.booking(.lock, since: since, at: clock.now())
        let view = mapper.viewState(state, at: clock.now())
        #expect(view.away.isUndecided && view.away.undecided == 1_620_000_000)
        #expect(
            StatusView.text(view, format: .line).hasSuffix(
                ", away 47:00.00 (lock, 20:00.00 dropped, 27:00.00 undecided)\n"),
            "\(StatusView.text(view, format: .line))")
        #expect(
            MessageMapper.awayNotification(view).summary
                == "stopwatch: 'work' was away 47:00.00 (lock), 27:00.00 undecided")
        let json = StatusView.text(view, format: .json)
        #expect(json.contains(#""awayDroppedMilliseconds":1200000,"#), "\(json)")
        #expect(json.contains(#""awayUndecidedMilliseconds":1620000,"#), "\(json)")
        let decided = try #require(state.deciding(.keep, at: clock.now()))
        let run = try #require(decided.record(endedAt: clock.now()))
        #expect(HistoryView.text(history(run), format: .table).contains("47:00.00 20:00.00 dropped"))
        #expect(HistoryView.text(history(run), format: .csv).hasSuffix(",2820000,ask,2820000,0,1200000,0\n"))
        #expect(!mapper.viewState(decided, at: clock.now()).away.isUndecided, "decided: the bars no longer mark it")
    }
}
