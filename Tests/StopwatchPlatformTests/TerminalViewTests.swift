@testable import StopwatchPlatform
import StopwatchCore
import StopwatchTestSupport
import Testing

/// The exact bytes of the live view, on a terminal and into a pipe.
@Suite struct TerminalViewTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let output = RecordingOutput()

    func make(_ mode: TerminalView.Mode, width: Int = 80) -> (StopwatchViewModel, TerminalView) {
        let container = DependencyContainer(store: store, timeSource: clock, output: output, messages: RecordingOutput())
        let viewModel = ViewModelFactory(container: container).makeStopwatchViewModel(.default)
        return (viewModel, TerminalView(viewModel: viewModel, mode: mode, output: output, width: { width }))
    }

    @Test func onATerminalTheLineIsRedrawnInPlaceOnlyWhenItsTextChanges() throws {
        let (viewModel, view) = make(.terminal(colors: false))
        view.begin()
        try viewModel.handle(.view)
        try viewModel.handle(.toggle)
        for _ in 0..<5 {
            clock.advance(by: .milliseconds(2))
            viewModel.refresh()
        }
        clock.advance(by: .milliseconds(1))
        viewModel.refresh()
        view.end()
        #expect(output.writes == [
            TerminalView.hint + "\u{1B}[?25l",
            "\rdefault: initial 00:00.00\u{1B}[K",
            "\rdefault: running 00:00.00\u{1B}[K",
            "\rdefault: running 00:00.01\u{1B}[K",
            "\rdefault: running 00:00.01\u{1B}[K\n\u{1B}[?25h",
        ])
    }

    @Test func lapsArePrintedAboveTheLineBestGreenWorstRed() throws {
        let (viewModel, _) = make(.terminal(colors: true))
        try viewModel.handle(.start)
        for (millis, label) in [(1_000, "a"), (500, "b"), (2_000, nil)] as [(Int64, String?)] {
            clock.advance(by: .milliseconds(millis))
            try viewModel.handle(.lap(label: label))
        }
        #expect(output.writes == [
            "\rdefault: running 00:00.00\u{1B}[K",
            "\rdefault: lap 1 00:01.00 (total 00:01.00) a\u{1B}[K\n\rdefault: running 00:01.00, 1 lap\u{1B}[K",
            "\r\u{1B}[32mdefault: lap 2 00:00.50 (total 00:01.50) b\u{1B}[0m\u{1B}[K\n\rdefault: running 00:01.50, 2 laps\u{1B}[K",
            "\r\u{1B}[31mdefault: lap 3 00:02.00 (total 00:03.50)\u{1B}[0m\u{1B}[K\n\rdefault: running 00:03.50, 3 laps\u{1B}[K",
        ])
    }

    @Test func withoutColoursThereAreNoColourCodes() throws {
        let (viewModel, _) = make(.terminal(colors: false))
        try viewModel.handle(.start)
        for millis in [1_000, 500] as [Int64] {
            clock.advance(by: .milliseconds(millis))
            try viewModel.handle(.lap(label: nil))
        }
        #expect(!output.text.contains("\u{1B}[3"))
    }

    @Test func theLineNeverWrapsInANarrowWindow() throws {
        let (viewModel, view) = make(.terminal(colors: false), width: 12)
        try viewModel.handle(.view)
        view.redraw()
        #expect(output.writes == ["\rdefault: in\u{1B}[K", "\rdefault: in\u{1B}[K"])
    }

    @Test func intoAPipeEachEventIsOneLineWithoutEscapes() throws {
        let (viewModel, view) = make(.log)
        view.begin()
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
        #expect(output.text == """
            default: initial 00:00.00
            default: running 00:00.00
            default: lap 1 00:01.00 (total 00:01.00) x
            default: paused 00:01.25, 1 lap
            default: quit 00:01.25

            """)
    }

    @Test func aCountdownHasAProgressBarAndRingsOnceAtZero() throws {
        let (viewModel, _) = make(.terminal(colors: false))
        try viewModel.handle(.startCountdown(.duration(.seconds(4)), replacing: false))
        for step in [1_000, 1_999, 1, 1_000, 500] as [Int64] {
            clock.advance(by: .milliseconds(step))
            viewModel.refresh()
        }
        #expect(output.writes == [
            "\rdefault: running 00:04.00 left of 00:04.00 [--------------------] 0%\u{1B}[K",
            "\rdefault: running 00:03.00 left of 00:04.00 [#####---------------] 25%\u{1B}[K",
            "\rdefault: running 00:01.01 left of 00:04.00 [##############------] 74%\u{1B}[K",
            "\rdefault: running 00:01.00 left of 00:04.00 [###############-----] 75%\u{1B}[K",
            "\u{7}\rdefault: expired 00:00.00 ago (countdown of 00:04.00)\u{1B}[K",
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
        #expect(output.text == """
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
