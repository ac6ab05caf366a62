import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

@Suite struct StopwatchLineComposerTests {
    let durations = DurationTextMapper()

    func stopwatch(_ name: String = "build", status: DisplayStatus = .running, laps: Int = 3) -> StopwatchViewState {
        StopwatchViewState(
            name: name, status: status, elapsed: durations.viewState(.milliseconds(309_240)), isEstimated: false,
            lapCount: laps, latestLap: nil, startedAt: nil, countdown: nil
        )
    }

    func countdown(_ name: String = "tea", expired: Bool = false) -> StopwatchViewState {
        var state = stopwatch(name, status: expired ? .expired : .running, laps: 0)
        state.countdown = CountdownViewState(
            duration: durations.viewState(.seconds(300)),
            remaining: durations.remainingViewState(
                duration: .seconds(300), elapsed: expired ? .seconds(303) : .milliseconds(109_240)),
            overtime: durations.viewState(expired ? .milliseconds(3_210) : .zero),
            isExpired: expired,
            end: EndTime(instant: .seconds(17 * 3600 + 30 * 60), now: .seconds(17 * 3600), zone: ManualTimeZone()),
            progressPermille: expired ? 1000 : 364
        )
        return state
    }

    @Test func oneWordingForEveryCountdownSurface() {
        #expect(StopwatchLineComposer.line(countdown()) == "tea: running 03:10.76 left of 05:00.00")
        #expect(
            StopwatchLineComposer.line(countdown(expired: true)) == "tea: expired 00:03.21 ago (countdown of 05:00.00)")
        let table = StopwatchLineComposer.table([countdown(), countdown("egg", expired: true)])
        #expect(
            table == [
                "NAME  STATUS            TIME  LAPS",
                "tea   running  03:10.76 left     0",
                "egg   expired   00:03.21 ago     0",
            ])
    }

    /// At every width: never wider than the window (from the time's own width up), the time whole,
    /// and from 16 columns up a countdown's time with its word.
    @Test(arguments: 8...100)
    func atEveryWidthWholePartsDropAndNothingIsCut(width: Int) {
        for state in [stopwatch(), countdown(), countdown(expired: true)] {
            let line = StopwatchLineComposer.line(
                state, .init(endTime: true, progress: true, hint: "press r again to reset"), width: width)
            #expect(line.count <= width, "\(width): \(line)")
            #expect(line.contains(StopwatchLineComposer.bareTime(state)), "\(width): \(line)")
            if width >= StopwatchLineComposer.narrowWidth {
                #expect(line.contains(StopwatchLineComposer.time(state)), "\(width): \(line) keeps left/ago")
            }
            if line.contains("[") { #expect(line.contains("%") && line.contains("]"), "a bar whole: \(line)") }
        }
        // A cycle's phase drops its word before anything is cut, then its label: once cut mid-word
        // (`… 24:59.22 lef` at 21 columns, the hundredths at 16).
        let clock = ManualTimeSource()
        for sequence in [
            PhaseSequence.pomodoro, PhaseSequence(phases: [Phase("long-break", .seconds(900))], rounds: 4),
        ] {
            let cycle = StopwatchState.cycle(StopwatchName("focus")!, sequence: sequence, startedAt: clock.now())
            let state = StopwatchUIMapper(zone: ManualTimeZone()).viewState(cycle, at: clock.now())
            let line = StopwatchLineComposer.line(
                state, .init(endTime: true, progress: true, phases: true), width: width)
            #expect(line.count <= width, "\(width): \(line)")
            #expect(line.contains(StopwatchLineComposer.bareTime(state)), "\(width): \(line) keeps its time whole")
            #expect(!line.hasSuffix(" l") && !line.hasSuffix(" le") && !line.hasSuffix(" lef"), "\(width): \(line)")
            if line.contains(state.phase!.label) {
                #expect(
                    line.contains(StopwatchLineComposer.time(state, form: .unworded)),
                    "\(width): \(line) the label with its time")
            }
        }
        let rows = StopwatchLineComposer.table(
            [stopwatch(), countdown(), countdown("egg", expired: true)], progress: true, width: width)
        for row in rows.dropFirst() {
            #expect(row.count <= max(width, 12), "\(width): \(row)")
            #expect(
                row.contains("03:10.76") || row.contains("05:09.24") || row.contains("00:03.21"), "\(width): \(row)")
            if width >= StopwatchLineComposer.narrowWidth, !row.contains("05:09.24"), !row.contains(" left"),
                !row.contains(" ago")
            {
                #expect(
                    rows.dropFirst().allSatisfy {
                        $0.hasPrefix("build ") || $0.hasPrefix("tea ") || $0.hasPrefix("egg ")
                    }, "\(width): the word goes only to keep the names: \(rows)")
            }
            if row.contains("[") { #expect(row.hasSuffix("%"), "\(width): \(row)") }
        }
    }

    /// The states of one stopwatch at successive instants, as a refresh maps them: only the times
    /// change, across a change of the time's length (9.99 s to 10 s, 59:59.99 to 1:00:00.00) and
    /// a countdown's expiry.
    func ticks(of start: StopwatchViewState, from: Int64, through: Int64, step: Int64) -> [StopwatchViewState] {
        stride(from: from, through: through, by: Int(step)).map { millis in
            var state = start
            var countdown = start.countdown
            if var shown = countdown {
                let left = shown.duration.microseconds / 1000 - millis
                shown.remaining = durations.remainingViewState(
                    duration: .microseconds(shown.duration.microseconds), elapsed: .milliseconds(millis))
                shown.overtime = durations.viewState(.milliseconds(max(0, -left)))
                shown.isExpired = left <= 0
                countdown = shown
            }
            state.setTimes(
                elapsed: durations.viewState(.milliseconds(millis)), isEstimated: false,
                status: countdown?.isExpired == true ? .expired : start.status, countdown: countdown, phase: nil,
                away: .none
            )
            return state
        }
    }

    /// A live line or table made from the last one's layout is the one made afresh, at every width
    /// and across every change of length; while only the time changes, the layout is kept.
    @Test(arguments: [8, 12, 15, 16, 20, 30, 40, 80])
    func aLineMadeFromTheLastLayoutIsTheLineMadeAfresh(width: Int) {
        let extras = StopwatchLineComposer.Extras(endTime: true, progress: false, hint: nil)
        let sequences = [
            ticks(of: stopwatch(), from: 9_980, through: 10_020, step: 10),
            ticks(of: stopwatch(), from: 3_599_980, through: 3_600_020, step: 10),
            ticks(of: countdown(), from: 299_970, through: 300_030, step: 10),
        ]
        for states in sequences {
            var layout: StopwatchLineComposer.Layout?
            var tableLayout: StopwatchLineComposer.TableLayout?
            var kept = 0
            for state in states {
                let before = layout
                let line = String(
                    decoding: StopwatchLineComposer.line(state, extras, width: width, layout: &layout), as: UTF8.self)
                #expect(line == StopwatchLineComposer.line(state, extras, width: width), "\(width): \(line)")
                if let before, before === layout { kept += 1 }
                let rows = StopwatchLineComposer.table(
                    [stopwatch("other"), state], progress: false, width: width, layout: &tableLayout)
                #expect(
                    rows.map { String(decoding: $0, as: UTF8.self) }
                        == StopwatchLineComposer.table([stopwatch("other"), state], width: width))
            }
            // Below 12 columns, an hour's time is cut, and a cut line is laid out anew each time.
            if width >= 12 {
                #expect(kept >= states.count / 2, "\(width): the layout was kept on \(kept) of \(states.count) ticks")
            }
        }
    }

    @Test func aNarrowTableLeavesOutWholeColumnsBarFirstTimeLast() {
        let states = [stopwatch(), countdown()]
        let wide = StopwatchLineComposer.table(states, progress: true, width: 80)
        #expect(wide[2].hasSuffix("[#######-------------] 36%"))
        let forty = StopwatchLineComposer.table(states, progress: true, width: 40)
        #expect(
            forty == [
                "NAME   STATUS            TIME  LAPS", "build  running       05:09.24     3",
                "tea    running  03:10.76 left     0",
            ])
        let twenty = StopwatchLineComposer.table(states, progress: true, width: 20)
        #expect(twenty == ["NAME            TIME", "build       05:09.24", "tea    03:10.76 left"])
        #expect(
            StopwatchLineComposer.table(states, progress: true, width: 14) == [
                "NAME      TIME", "bui…  05:09.24", "tea   03:10.76",
            ],
            "the times alone before the names go: once no name at all"
        )
        #expect(
            StopwatchLineComposer.table(states, progress: true, width: 17) == [
                "NAME       TIME", "build  05:09.24", "tea    03:10.76",
            ],
            "the names whole: once `bui…` beside `03:10.76 left`"
        )
    }

    /// Issue "Release 0.5.0", item 6: short names that fit whole are never cut.
    @Test func namesThatFitAreNeverCut() {
        let states = [
            stopwatch("alpha", laps: 0), stopwatch("bravo", status: .paused, laps: 0), stopwatch("charlie", laps: 0),
        ]
        let twenty = StopwatchLineComposer.table(states, width: 19)
        #expect(twenty.allSatisfy { $0.count <= 20 }, "\(twenty)")
        #expect(
            zip(["alpha", "bravo", "charlie"], twenty.dropFirst()).allSatisfy { $1.hasPrefix($0 + " ") }, "\(twenty)")
    }

    @Test func aLongNameIsShortenedBeforeItGoesAndPausedStaysMarked() {
        var paused = stopwatch("a-rather-long-stopwatch-name", status: .paused)
        paused.lapCount = 3
        let states = [paused, countdown()]
        let forty = StopwatchLineComposer.table(states, width: 40)
        #expect(forty.allSatisfy { $0.count <= 40 }, "\(forty)")
        #expect(forty[1].hasPrefix("a-rather-long-st") && forty[1].contains("…  paused"), "\(forty)")
        #expect(!forty[2].contains("running"), "the usual status is left blank to make room: \(forty)")
        let thirty = StopwatchLineComposer.table(states, width: 30)
        #expect(thirty.allSatisfy { $0.count <= 30 }, "\(thirty)")
        #expect(thirty[1].hasPrefix("a-ra") && thirty[1].contains("…") && thirty[1].contains("paused"), "\(thirty)")
        // Only when a name of four characters and the status cannot both fit does STATUS go.
        let twenty = StopwatchLineComposer.table(states, width: 20)
        #expect(twenty.allSatisfy { $0.count <= 20 } && twenty[2].hasPrefix("tea"), "\(twenty)")
    }

    @Test func aLapIsMarkedAsItsViewStateWasJudged() {
        var lap = LapViewState(
            number: 2, duration: durations.viewState(.milliseconds(500)),
            total: durations.viewState(.milliseconds(1_500)),
            label: "b", isBest: true, isWorst: false, recordedAtInstant: .zero
        )
        #expect(StopwatchLineComposer.lapLine("build", lap) == "build: lap 2 00:00.50 best (total 00:01.50) b")
        lap.isBest = false
        lap.isWorst = true
        #expect(StopwatchLineComposer.lapLine("build", lap) == "build: lap 2 00:00.50 worst (total 00:01.50) b")
    }

    /// `laps` and the live line mark the same laps the same way, from one judgement: laps that
    /// read the same alike, and no lap both best and worst.
    @Test(arguments: [[1_234, 1_239], [1_234, 1_239, 2_000, 2_009], [500, 500, 500], [900, 100]])
    func lapsAndTheLiveLineMarkTheSameLaps(_ millis: [Int64]) {
        var total = Duration.zero
        let laps = millis.enumerated().map { index, ms in
            total += .milliseconds(ms)
            return Lap(number: index + 1, duration: .milliseconds(ms), total: total, label: nil, recordedAt: .zero)
        }
        let history = StopwatchUIMapper(zone: ManualTimeZone()).viewState(
            LapHistory(name: StopwatchName("build")!, laps: laps))
        let rows = LapsView.text(history, format: .table).split(separator: "\n").dropFirst().prefix(laps.count)
        for (row, lap) in zip(rows, history.laps) {
            #expect(!(lap.isBest && lap.isWorst))
            let mark = StopwatchLineComposer.mark(lap)
            #expect(row.contains(" best") == (mark == "best") && row.contains(" worst") == (mark == "worst"), "\(row)")
            #expect(StopwatchLineComposer.lapLine("build", lap).contains(" \(mark ?? "(")"))
            #expect(
                lap.isBest
                    == (millis.count > 1 && Set(millis.map { $0 / 10 }).count > 1
                        && lap.duration.centiseconds == millis.map { $0 / 10 }.min()))
        }
    }
}

/// The one rule for a countdown's time left, at every precision and at fractional seconds: the
/// duration less the elapsed time truncated to that precision, itself truncated. The live line,
/// the templates, the bars (and, through `wholeSecondsLeft`, the window title) all follow it.
@Suite struct CountdownTimeLeftRuleTests {
    @Test(arguments: [
        Duration.seconds(4), .milliseconds(1_500), .microseconds(38_906_919_900), .microseconds(2_999_999),
    ])
    func everySurfaceTellsTheTimeLeftByOneRule(_ duration: Duration) throws {
        let mapper = StopwatchUIMapper(zone: ManualTimeZone())
        let clock = ManualTimeSource()
        let state = StopwatchState.countdown(StopwatchName("tea")!, duration: duration, startedAt: clock.now())
        let whole = duration.wholeMicroseconds
        var elapsed: Int64 = 0
        while elapsed < whole {
            let view = mapper.viewState(state, at: clock.now())
            let countdown = try #require(view.countdown)
            #expect(!countdown.isExpired)
            #expect(countdown.remaining.centiseconds == whole / 10_000 - elapsed / 10_000, "\(elapsed) µs")
            #expect(countdown.remaining.centiseconds + view.elapsed.centiseconds == countdown.duration.centiseconds)
            #expect(countdown.remaining.milliseconds == whole / 1_000 - elapsed / 1_000)
            let seconds = whole / 1_000_000 - elapsed / 1_000_000
            #expect(StopwatchLineComposer.wholeSecondsLeft(view) == seconds)
            #expect(
                StopwatchLineComposer.field(.leftSeconds, of: view)
                    == StopwatchLineComposer.wholeSeconds(seconds * 1_000_000))
            #expect(
                StopwatchLineComposer.barText(view) == "tea \(StopwatchLineComposer.field(.leftSeconds, of: view)) left"
            )
            // Both percents count the elapsed time at the precision of the time shown beside them.
            #expect(
                StopwatchLineComposer.wholeSecondsPercent(view) == Int(elapsed / 1_000_000 * 1_000_000 * 100 / whole))
            #expect(countdown.progressPermille / 10 == Int(elapsed / 10_000 * 10_000 * 100 / whole))
            let step = Int64(123_457)
            clock.advance(by: .microseconds(step))
            elapsed += step
        }
        let expired = mapper.viewState(state, at: clock.now())
        #expect(expired.countdown?.isExpired == true)
        #expect(StopwatchLineComposer.wholeSecondsPercent(expired) == 100)
        #expect(expired.countdown?.progressPermille == 1000)
    }
}

@Suite struct CycleLineTests {
    @Test func theLiveLineLaysOutTheRoundAndMarksThePhaseItIsIn() throws {
        let clock = ManualTimeSource()
        let state = StopwatchState.cycle(StopwatchName("focus")!, sequence: .pomodoro, startedAt: clock.now())
        let elapsed: Int64 = 3 * 30 * 60 + 60
        clock.advance(by: .seconds(elapsed))
        let viewState = StopwatchUIMapper(zone: ManualTimeZone()).viewState(state, at: clock.now())
        let live = StopwatchLineComposer.line(
            viewState, StopwatchLineComposer.Extras(endTime: true, progress: true, phases: true))
        #expect(
            live
                == "focus: running work 4 24:00.00 left of 25:00.00, ends 01:55 [--------------------] 4%  work break work break work break [work] long-break",
            "the phase's end and share, as its time left: once nothing for a cycle until stopped, and the whole run's for one of so many rounds"
        )
        #expect(
            StopwatchLineComposer.line(viewState, StopwatchLineComposer.Extras(phases: true), width: 50)
                == "focus: running work 4 24:00.00 left of 25:00.00", "the round drops first")
        #expect(
            StopwatchLineComposer.line(viewState) == "focus: running work 4 24:00.00 left of 25:00.00",
            "status does not lay it out; the fourth pomodoro, once 'work 7', its phase")
    }
}
