import StopwatchCore
import StopwatchTestSupport
import Synchronization
import Testing

@testable import StopwatchPlatform

/// The exact bytes of `watch --all`'s table, on a terminal and into a pipe.
@Suite struct StopwatchTableViewTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let output = RecordingOutput()

    final class Window: Sendable {
        let size = Mutex((rows: 24, columns: 80))
    }
    let window = Window()

    func make(_ mode: StopwatchTableView.Mode) -> (
        StopwatchListViewModel, TimerService, StopwatchTableView, DependencyContainer
    ) {
        let container = DependencyContainer(
            store: store, history: store.history, timeSource: clock, timeZone: ManualTimeZone(), output: output,
            messages: RecordingOutput(),
            makeScheduler: { [clock] _ in clock }
        )
        let live = ViewModelFactory(container: container).makeLiveStopwatchListViewModel(scheduler: clock)
        let window = self.window
        let view = StopwatchTableView(
            viewModel: live.viewModel, mode: mode, output: output, size: { window.size.withLock { $0 } })
        return (live.viewModel, live.timer, view, container)
    }

    func perform(_ action: StopwatchAction, on name: String, in container: DependencyContainer) throws {
        try ViewModelFactory(container: container).makeStopwatchViewModel(StopwatchName(name)!).handle(action)
    }

    @Test func rowsAreRedrawnInPlaceRunningFirstThenPausedThenTheRest() throws {
        let (viewModel, timer, view, container) = make(.terminal(colors: false))
        defer { withExtendedLifetime(timer) {} }  // letting go of it stops its ticks
        try perform(.startCountdown(.duration(.seconds(10)), replacing: false), on: "tea", in: container)
        try perform(.start, on: "zeta", in: container)
        try perform(.start, on: "held", in: container)
        try perform(.pause, on: "held", in: container)
        try perform(.view, on: "never", in: container)
        try viewModel.handle(.load)
        clock.advance(by: .seconds(1))
        view.end()
        #expect(
            output.writes == [
                StopwatchTableView.keys + "\u{1B}[?25l"
                    + "\rNAME  STATUS            TIME  LAPS\u{1B}[K\n"
                    + "tea   running  00:10.00 left     0  [--------------------] 0%\u{1B}[K\n"
                    + "zeta  running       00:00.00     0\u{1B}[K\n"
                    + "held  paused        00:00.00     0\u{1B}[K",
                "\r\u{1B}[3ANAME  STATUS            TIME  LAPS\u{1B}[K\n"
                    + "tea   running  00:09.00 left     0  [##------------------] 10%\u{1B}[K\n"
                    + "zeta  running       00:01.00     0\u{1B}[K\n"
                    + "held  paused        00:00.00     0\u{1B}[K",
                "\n\u{1B}[?25h",
            ])
    }

    /// A tick keeps the rows' order (only the times change); a change of status sorts them again.
    @Test func aRowMovesWhenItsStatusChangesAndStaysPutOnATick() throws {
        let (viewModel, timer, view, container) = make(.terminal(colors: false))
        defer { withExtendedLifetime(timer) {} }  // letting go of it stops its ticks
        try perform(.start, on: "alpha", in: container)
        try perform(.start, on: "beta", in: container)
        try viewModel.handle(.load)
        clock.advance(by: .seconds(1))
        try perform(.pause, on: "alpha", in: container)
        try viewModel.handle(.load)
        clock.advance(by: .seconds(1))
        view.end()
        let blocks = output.writes.filter { $0.contains("NAME") }
        #expect(blocks.count == 4)
        let rows: [[String]] = blocks.map { block in
            block.split(separator: "\n").map { String($0.prefix(5)) }.filter { $0 == "alpha" || $0 == "beta " }
        }
        #expect(rows == [["alpha", "beta "], ["alpha", "beta "], ["beta ", "alpha"], ["beta ", "alpha"]])
        #expect(
            blocks.last?.contains("beta   running  00:02.00") == true
                && blocks.last?.contains("alpha  paused   00:01.00") == true)
    }

    @Test func theTimerTicksOnlyWhileSomethingRunsAndACountdownRingsOnceAtZero() throws {
        let (viewModel, timer, _, container) = make(.terminal(colors: false))
        defer { withExtendedLifetime(timer) {} }  // letting go of it stops its ticks
        try perform(.startCountdown(.duration(.seconds(1)), replacing: false), on: "egg", in: container)
        try viewModel.handle(.load)
        #expect(timer.isRunning)
        clock.advance(by: .seconds(1))
        #expect(output.writes.last?.hasPrefix("\u{7}\r\u{1B}[1A") == true, "the bell, then the rows")
        #expect(output.writes.last?.contains("egg   expired  00:00.00 ago     0") == true)
        try perform(.dismiss, on: "egg", in: container)
        try viewModel.handle(.load)
        #expect(!timer.isRunning, "an idle table costs nothing")
        #expect(output.text.components(separatedBy: "\u{7}").count == 2)
    }

    @Test func itNeverWritesMoreRowsThanTheWindowHas() throws {
        window.size.withLock { $0 = (rows: 4, columns: 30) }
        let (viewModel, timer, _, container) = make(.terminal(colors: false))
        defer { withExtendedLifetime(timer) {} }  // letting go of it stops its ticks
        for name in ["a", "b", "c", "d", "e"] { try perform(.start, on: name, in: container) }
        try viewModel.handle(.load)
        // The keys' line, then three rows in a window of four: the header, one stopwatch, the note.
        let rows = try #require(output.writes.last).split(separator: "\n").dropFirst()
        #expect(rows.count == 3)
        #expect(rows.last == "4 more hidden\u{1B}[K", "in 29 columns, nothing cut")
    }

    /// A window made narrower than a row: a terminal may have rewrapped the old rows or cut them,
    /// so the screen is cleared and the key line and the table drawn from its top, no stale piece
    /// of a wide row left and nothing above written over. Made wider again, both are drawn in place.
    @Test func aNarrowerWindowLeavesNoPieceOfTheOldRowsAndKeepsTheKeyLine() throws {
        let (viewModel, timer, view, container) = make(.terminal(colors: false))
        defer { withExtendedLifetime(timer) {} }  // letting go of it stops its ticks
        try perform(.startCountdown(.duration(.seconds(10)), replacing: false), on: "tea", in: container)
        try viewModel.handle(.load)
        let table = StopwatchTableView.lines(try #require(viewModel.viewState), rows: 24, columns: 80)
        #expect(table.count == 2 && table.contains { $0.count > 20 })
        window.size.withLock { $0 = (rows: 24, columns: 20) }
        view.redraw()
        let redrawn = try #require(output.writes.last)
        #expect(redrawn.hasPrefix("\u{1B}[H\u{1B}[2J" + StopwatchTableView.keys + "\rNAME"), "\(redrawn)")
        let lines = redrawn.dropFirst("\u{1B}[H\u{1B}[2J".count).replacing("\u{1B}[K", with: "")
            .replacing("\u{1B}[J", with: "").replacing("\r", with: "").split(separator: "\n")
        #expect(lines.count == 3 && lines.allSatisfy { $0.count < 20 }, "\(lines)")
        window.size.withLock { $0 = (rows: 24, columns: 80) }
        view.redraw()
        let again = try #require(output.writes.last)
        #expect(
            again.hasPrefix("\r\u{1B}[2A\u{1B}[J" + StopwatchTableView.keys + "\rNAME"),
            "up over the two rows to the key line, drawn again with them: \(again)")
    }

    @Test func intoAPipeEachChangeIsOneLine() throws {
        let (viewModel, timer, _, container) = make(.log)
        defer { withExtendedLifetime(timer) {} }  // letting go of it stops its ticks
        try perform(.start, on: "build", in: container)
        try viewModel.handle(.load)
        clock.advance(by: .seconds(2))
        try perform(.lap(label: "compile"), on: "build", in: container)
        try perform(.start, on: "tests", in: container)
        try viewModel.handle(.load)
        viewModel.refresh()
        _ = try store.delete([StopwatchName("tests")!], recording: { _ in nil })
        try viewModel.handle(.load)
        #expect(
            output.text == """
                build: running 00:00.00
                build: lap 1 00:02.00 (total 00:02.00) compile
                tests: running 00:00.00
                tests: deleted

                """)
    }
}
