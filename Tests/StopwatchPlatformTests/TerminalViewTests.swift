import StopwatchCore
import StopwatchTestSupport
import Synchronization
import Testing

@testable import StopwatchPlatform

/// The exact bytes of the live view, on a terminal and into a pipe.
@Suite struct TerminalViewTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let output = RecordingOutput()
    /// The window's width, which a test changes to resize it.
    final class Window: Sendable {
        let width = Mutex(80)
    }
    let window = Window()
    let keys = TerminalView.keyLine([.lap], width: 80) + "\n\u{1B}[?25l"

    func make(_ mode: TerminalView.Mode, width: Int = 80, name: StopwatchName = .default, judgingLaps: Bool = true) -> (
        StopwatchViewModel, TerminalView
    ) {
        window.width.withLock { $0 = width }
        // UTC+1, so a countdown started at 00:00 UTC ends at 01:MM local time.
        let container = DependencyContainer(
            store: store, history: store.history, timeSource: clock, timeZone: ManualTimeZone(offset: .seconds(3600)),
            output: output, messages: RecordingOutput()
        )
        let viewModel = ViewModelFactory(container: container).makeStopwatchViewModel(name, judgingLaps: judgingLaps)
        let window = self.window
        return (
            viewModel,
            TerminalView(viewModel: viewModel, mode: mode, output: output, width: { window.width.withLock { $0 } })
        )
    }

    @Test func onATerminalTheLineIsRedrawnInPlaceOnlyWhenItsTextChanges() throws {
        let (viewModel, view) = make(.terminal(colors: false))
        try viewModel.handle(.view)
        try viewModel.handle(.toggle)
        for _ in 0..<5 {
            clock.advance(by: .milliseconds(2))
            viewModel.refresh()
        }
        clock.advance(by: .milliseconds(1))
        viewModel.refresh()
        view.end()
        #expect(
            output.writes == [
                keys + "\rdefault: initial 00:00.00\u{1B}[K",
                "\rdefault: running 00:00.00\u{1B}[K",
                "\rdefault: running 00:00.01\u{1B}[K",
                "\n\u{1B}[?25h",
            ])
    }

    @Test func lapsArePrintedAboveTheLineBestAndWorstInWordsAndColour() throws {
        let (viewModel, _) = make(.terminal(colors: true))
        try viewModel.handle(.start)
        for (millis, label) in [(1_000, "a"), (500, "b"), (2_000, nil)] as [(Int64, String?)] {
            clock.advance(by: .milliseconds(millis))
            try viewModel.handle(.lap(label: label))
        }
        #expect(
            output.writes == [
                keys + "\rdefault: running 00:00.00\u{1B}[K",
                "\rdefault: lap 1 00:01.00 (total 00:01.00) a\u{1B}[K\n\rdefault: running 00:01.00, 1 lap\u{1B}[K",
                "\r\u{1B}[32mdefault: lap 2 00:00.50 best (total 00:01.50) b\u{1B}[0m\u{1B}[K\n\rdefault: running 00:01.50, 2 laps\u{1B}[K",
                "\r\u{1B}[31mdefault: lap 3 00:02.00 worst (total 00:03.50)\u{1B}[0m\u{1B}[K\n\rdefault: running 00:03.50, 3 laps\u{1B}[K",
            ])
    }

    /// Best and worst are judged against every lap, those taken before the view opened too.
    @Test func lapsTakenBeforeTheViewCountForBestAndWorst() throws {
        let shell = ViewModelFactory(
            container: DependencyContainer(
                store: store, history: store.history, timeSource: clock, output: RecordingOutput(),
                messages: RecordingOutput())
        )
        .makeStopwatchViewModel(.default)
        try shell.handle(.start)
        clock.advance(by: .milliseconds(500))
        try shell.handle(.lap(label: nil))
        let (viewModel, _) = make(.terminal(colors: false))
        try viewModel.handle(.view)
        for millis in [1_000, 700] as [Int64] {
            clock.advance(by: .milliseconds(millis))
            try viewModel.handle(.lap(label: nil))
        }
        #expect(output.text.contains("default: lap 2 00:01.00 worst (total 00:01.50)\u{1B}[K\n"))
        #expect(
            output.text.contains("default: lap 3 00:00.70 (total 00:02.20)\u{1B}[K\n"), "not best: lap 1 was shorter")
    }

    @Test func theKeyLineDropsWholeHintsAndComesBackWhenTheWindowGrows() throws {
        let (viewModel, view) = make(.terminal(colors: false), width: 40)
        try viewModel.handle(.view)
        #expect(output.writes.first?.hasPrefix("space: start/pause/resume   q: quit\n") == true, "\(output.writes)")
        window.width.withLock { $0 = 80 }
        view.redraw()
        #expect(
            output.writes.last == "\r\u{1B}[1A\u{1B}[J" + TerminalView.keyLine([.lap], width: 80)
                + "\u{1B}[K\n\rdefault: initial 00:00.00\u{1B}[K")
        for width in [20, 12, 8] {
            let line = TerminalView.keyLine([.lap], width: width)
            #expect(
                line.count <= width && (line.isEmpty || line.hasSuffix("quit") || line.hasSuffix("resume")),
                "\(width): \(line)")
        }
    }

    @Test func withoutColoursTheWordsStay() throws {
        let (viewModel, _) = make(.terminal(colors: false))
        try viewModel.handle(.start)
        for millis in [1_000, 500, 700] as [Int64] {
            clock.advance(by: .milliseconds(millis))
            try viewModel.handle(.lap(label: nil))
        }
        #expect(!output.text.contains("\u{1B}[3"))
        #expect(output.text.contains("default: lap 2 00:00.50 best (total 00:01.50)\u{1B}[K\n"))
        #expect(output.text.contains("default: lap 3 00:00.70 (total 00:02.20)\u{1B}[K\n"), "neither best nor worst")
    }

    /// The parts go in order, least important first; the time stays, and a window narrower than
    /// the time cuts it.
    @Test(arguments: [
        (100, "demo: running 00:01.23, 2 laps  (paused: space resumes, then l laps)"),
        (30, "demo: running 00:01.23, 2 laps"),
        (22, "demo: running 00:01.23"),
        (14, "demo: 00:01.23"),
        (8, "00:01.23"),
        (5, "00:01"),
    ])
    func aNarrowWindowLeavesOutTheLeastImportantPartsFirst(width: Int, line: String) throws {
        let state = StopwatchViewState(
            name: "demo", status: .running, elapsed: DurationTextMapper().viewState(.milliseconds(1_234)),
            isEstimated: false, lapCount: 2, latestLap: nil, startedAt: nil, countdown: nil
        )
        #expect(
            StopwatchLineComposer.line(state, .init(hint: "paused: space resumes, then l laps"), width: width) == line)
    }

    @Test(arguments: [
        (100, "tea: running 04:59.00 left of 05:00.00, ends 01:05 [--------------------] 0%"),
        (70, "tea: running 04:59.00 left of 05:00.00 [--------------------] 0%"),
        (60, "tea: running 04:59.00 left of 05:00.00, ends 01:05"),
        (40, "tea: running 04:59.00 left of 05:00.00"),
        (30, "tea: running 04:59.00 left"),
        (20, "tea: 04:59.00 left"),
        (16, "04:59.00 left"),
        (14, "04:59.00 left"),
        (12, "04:59.00"),
        (8, "04:59.00"),
    ])
    func aCountdownsLineKeepsItsTimeLeft(width: Int, line: String) throws {
        let (viewModel, _) = make(.terminal(colors: false), width: width, name: StopwatchName("tea")!)
        try viewModel.handle(.startCountdown(.duration(.seconds(300)), replacing: false))
        clock.advance(by: .seconds(1))
        viewModel.refresh()
        #expect(output.writes.last == "\u{1B}]0;tea 04:59\u{7}\r" + line + (line.count < width ? "\u{1B}[K" : ""))
    }

    @Test func aLineAsWideAsTheWindowIsNotErasedAfter() throws {
        let (viewModel, _) = make(.terminal(colors: false), width: 17)
        try viewModel.handle(.start)
        #expect(output.writes == [TerminalView.keyLine([.lap], width: 17) + "\n\u{1B}[?25l\rdefault: 00:00.00"])
        clock.advance(by: .milliseconds(20))
        viewModel.refresh()
        #expect(output.writes.last == "\rdefault: 00:00.02")
    }

    /// Narrower than the line: rewrapped or cut, its rows cannot be counted, so the screen is
    /// cleared and the line drawn from the top; wider, in place.
    @Test func afterAResizeNoPieceOfTheOldLineStaysAndNothingAboveIsWrittenOver() throws {
        let (viewModel, view) = make(.terminal(colors: false), width: 80)
        try viewModel.handle(.start)
        clock.advance(by: .seconds(3))
        try viewModel.handle(.lap(label: nil))
        // "default: running 00:03.00, 1 lap" is 32 columns: at 10 it was rewrapped or cut.
        window.width.withLock { $0 = 10 }
        view.redraw()
        #expect(output.writes.last == "\u{1B}[H\u{1B}[2J\r00:03.00\u{1B}[K")
        window.width.withLock { $0 = 40 }
        view.redraw()
        #expect(output.writes.last == "\r\u{1B}[J\rdefault: running 00:03.00, 1 lap\u{1B}[K")
    }

    @Test func aHintStaysInTheLineUntilTheNextChange() throws {
        let (viewModel, view) = make(.terminal(colors: false))
        try viewModel.handle(.view)
        view.flash("not started: space starts it")
        #expect(output.writes.last == "\rdefault: initial 00:00.00  (not started: space starts it)\u{1B}[K")
        try viewModel.handle(.start)
        #expect(output.writes.last == "\rdefault: running 00:00.00\u{1B}[K")
        view.flash("press r again to reset")
        view.clearHint()
        #expect(
            output.writes.suffix(2) == [
                "\rdefault: running 00:00.00  (press r again to reset)\u{1B}[K",
                "\rdefault: running 00:00.00\u{1B}[K",
            ])
        #expect(!output.writes.dropFirst().joined().contains("\n"), "nothing goes to the scrollback")
    }

    /// The old title is pushed on xterm's title stack before the first, and popped at the end and
    /// on suspend; a stopwatch leaves the title alone.
    @Test func aCountdownShowsItsTimeLeftInTheTitleAndGivesTheOldOneBack() throws {
        let (viewModel, view) = make(.terminal(colors: false), name: StopwatchName("tea")!)
        try viewModel.handle(.startCountdown(.duration(.seconds(300)), replacing: false))
        #expect(output.writes.first?.contains("\u{1B}[22;0t\u{1B}]0;tea 05:00\u{7}") == true)
        view.suspend()
        #expect(output.writes.last == "\u{1B}[23;0t\n\u{1B}[?25h")
        view.resume()
        #expect(output.writes.last?.contains("\u{1B}[22;0t\u{1B}]0;tea 05:00\u{7}") == true)
        clock.advance(by: .seconds(1))
        viewModel.refresh()
        view.end()
        #expect(
            output.writes.suffix(2) == [
                "\u{1B}]0;tea 04:59\u{7}\rtea: running 04:59.00 left of 05:00.00, ends 01:05 [--------------------] 0%\u{1B}[K",
                "\u{1B}[23;0t\n\u{1B}[?25h",
            ])
        #expect(
            output.text.components(separatedBy: "\u{1B}[22;0t").count
                == output.text.components(separatedBy: "\u{1B}[23;0t").count)
        output.clear()
        let (stopwatch, other) = make(.terminal(colors: false))
        try stopwatch.handle(.start)
        other.end()
        #expect(!output.text.contains("\u{1B}]0;") && !output.text.contains("\u{1B}[23;0t"))
    }

    /// A countdown's view once had no lap key and printed no lap line, though `stopwatch lap`
    /// laps a countdown: its keys and lines are now the run's, as the Core offers them.
    @Test func aCountdownShowsItsLapKeyAndLapLines() throws {
        let (viewModel, _) = make(.terminal(colors: false))
        try viewModel.handle(.startCountdown(.duration(.seconds(60)), replacing: false))
        clock.advance(by: .seconds(1))
        try viewModel.handle(.lap(label: nil))
        #expect(output.writes.first?.hasPrefix(TerminalView.keyLine([.lap, .addTime], width: 80)) == true)
        #expect(TerminalView.keyLine([.lap, .addTime], width: 80).contains("l: lap"))
        #expect(output.text.contains("default: lap 1 00:01.00"))
    }

    /// The key line once stayed as first drawn: `k/d` still listed after the away time was decided.
    @Test func theKeyLineIsWrittenAgainWhenWhatTheRunOffersChanges() throws {
        let (viewModel, view) = make(.terminal(colors: false))
        try withExtendedLifetime(view) {
            try viewModel.handle(.startPlan(.open, replacing: false, away: .ask))
            #expect(output.writes.first?.hasPrefix(TerminalView.keyLine([.lap], width: 80)) == true, "none undecided")
            let locked = clock.now()
            clock.advance(by: .seconds(1))
            output.clear()
            try viewModel.handle(.bookAway(.lock, since: locked))
            #expect(
                output.text.hasPrefix(
                    "\r\u{1B}[1A" + TerminalView.keyLine([.lap, .decideAway], width: 80) + "\u{1B}[K\n"),
                "\(output.text.debugDescription)")
            output.clear()
            try viewModel.handle(.decideAway(.keep))
            #expect(
                output.text.hasPrefix("\r\u{1B}[1A" + TerminalView.keyLine([.lap], width: 80) + "\u{1B}[K\n\rdefault:"),
                "\(output.text.debugDescription)")
        }
    }

    @Test func aTerminalThatCannotMoveItsCursorGetsTheKeysOnceFirst() throws {
        window.width.withLock { $0 = 80 }
        let container = DependencyContainer(
            store: store, history: store.history, timeSource: clock, output: output, messages: RecordingOutput())
        let viewModel = ViewModelFactory(container: container).makeStopwatchViewModel(.default)
        let window = self.window
        let view = TerminalView(
            viewModel: viewModel, mode: .log, output: output, width: { window.width.withLock { $0 } }, showsKeys: true)
        try withExtendedLifetime(view) {
            try viewModel.handle(.view)
            try viewModel.handle(.start)
        }
        #expect(
            output.text == TerminalView.keyLine([.lap], width: 79)
                + "\ndefault: initial 00:00.00\ndefault: running 00:00.00\n")
    }

    /// `watch` of a cycle once rang only at its end and, piped, logged nothing at an edge.
    @Test func eachEdgeOfACycleIsALineIntoAPipeAndABellOnATerminal() throws {
        let focus = StopwatchName("focus")!
        let plan = PhaseSequence(phases: [Phase("work", .seconds(2)), Phase("rest", .seconds(1))], rounds: 2)
        let (viewModel, view) = make(.log, name: focus)
        try viewModel.handle(.startPlan(.sequence(plan), replacing: false))
        for _ in 0..<7 {
            clock.advance(by: .milliseconds(500))
            viewModel.refresh()
        }
        view.end()
        let lines = output.text.split(separator: "\n")
        #expect(
            lines.filter { $0.contains("running rest 1/2") }.count == 1
                && lines.filter { $0.contains("running work 2/2") }.count == 1, "\(output.text)")
        let (terminal, _) = make(.terminal(colors: false), name: StopwatchName("bell")!)
        try terminal.handle(.startPlan(.sequence(plan), replacing: false))
        // Bells, the window title's own (`ESC ] 0 ; … BEL`) left out.
        func bells() -> Int {
            output.writes.joined().split(separator: "\u{1B}]0;", omittingEmptySubsequences: false).enumerated().map {
                index, part in
                (index == 0 ? part[...] : part.drop { $0 != "\u{7}" }.dropFirst()).filter { $0 == "\u{7}" }.count
            }.reduce(0, +)
        }
        let before = bells()
        clock.advance(by: .milliseconds(2_001))
        terminal.refresh()
        #expect(bells() == before + 1, "a bell at the edge")
    }

    @Test func intoAPipeEachEventIsOneLineWithoutEscapes() throws {
        let (viewModel, view) = make(.log)
        try viewModel.handle(.view)
        try viewModel.handle(.start)
        for _ in 0..<100 {
            clock.advance(by: .milliseconds(10))
            viewModel.refresh()
        }
        try viewModel.handle(.lap(label: "x"))
        clock.advance(by: .milliseconds(250))
        try viewModel.handle(.pause)
        viewModel.refresh()
        view.end()
        #expect(
            output.text == """
                default: initial 00:00.00
                default: running 00:00.00
                default: lap 1 00:01.00 (total 00:01.00) x
                default: paused 00:01.25, 1 lap
                default: quit 00:01.25

                """)
    }

    @Test func aCountdownHasAProgressBarAndRingsOnceAtZero() throws {
        let (viewModel, _) = make(.terminal(colors: false), width: 100)
        try viewModel.handle(.startCountdown(.duration(.seconds(4)), replacing: false))
        for step in [1_000, 1_999, 1, 1_000, 500] as [Int64] {
            clock.advance(by: .milliseconds(step))
            viewModel.refresh()
        }
        #expect(
            output.writes == [
                TerminalView.keyLine([.lap, .addTime], width: 100) + "\n\u{1B}[?25l"
                    + "\u{1B}[22;0t\u{1B}]0;default 00:04\u{7}"
                    + "\rdefault: running 00:04.00 left of 00:04.00, ends 01:00:04 [--------------------] 0%\u{1B}[K",
                "\u{1B}]0;default 00:03\u{7}\rdefault: running 00:03.00 left of 00:04.00, ends 01:00:04 [#####---------------] 25%\u{1B}[K",
                // The title in whole seconds by the bars' rule: 4 s less the 2 whole seconds elapsed.
                "\u{1B}]0;default 00:02\u{7}\rdefault: running 00:01.01 left of 00:04.00, ends 01:00:04 [##############------] 74%\u{1B}[K",
                "\u{1B}]0;default 00:01\u{7}\rdefault: running 00:01.00 left of 00:04.00, ends 01:00:04 [###############-----] 75%\u{1B}[K",
                "\u{1B}]0;default expired\u{7}\u{7}\rdefault: expired 00:00.00 ago (countdown of 00:04.00)\u{1B}[K",
                "\rdefault: expired 00:00.50 ago (countdown of 00:04.00)\u{1B}[K",
            ])
    }

    @Test func intoAPipeACountdownsExpiryIsAnEventAndQuittingShowsTheTimeLeft() throws {
        let (viewModel, view) = make(.log)
        try viewModel.handle(.startCountdown(.duration(.seconds(1)), replacing: false))
        clock.advance(by: .milliseconds(400))
        try viewModel.handle(.pause)
        try viewModel.handle(.resume)
        clock.advance(by: .milliseconds(600))
        viewModel.refresh()
        view.end()
        #expect(
            output.text == """
                default: running 00:01.00 left of 00:01.00
                default: paused 00:00.60 left of 00:01.00
                default: running 00:00.60 left of 00:01.00
                default: expired 00:00.00 ago (countdown of 00:01.00)

                """)
        output.clear()
        try viewModel.handle(.reset)
        view.end()
        #expect(output.text == "default: initial 00:01.00 left of 00:01.00\ndefault: quit 00:01.00 left\n")
    }
}
