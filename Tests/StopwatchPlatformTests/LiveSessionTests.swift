import Glibc
import StopwatchCore
import StopwatchTestSupport
import Synchronization
import Testing

@testable import StopwatchPlatform

/// The live views' whole lifecycle in-process, with fakes: an in-memory store, a manual clock that
/// is the views' scheduler too, a file (or a pipe) for the keys, recorded output, and fake terminal capabilities of any
/// width.
///
/// Serialized, and keys come from a file (read in chunks, with no Dispatch read source) unless a
/// test needs input that never ends: libdispatch on Linux can crash its manager thread when read
/// sources are set up and torn down on many threads at once
/// (swiftlang/swift-corelibs-libdispatch#949), which parallel tests did here once.
@Suite(.serialized) struct LiveSessionTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let output = RecordingOutput()
    let messages = RecordingOutput()

    func container(keys: Bool = true, columns: Int = 80, movesCursor: Bool = true) -> DependencyContainer {
        DependencyContainer(
            store: store, history: store.history, timeSource: clock, timeZone: ManualTimeZone(), output: output,
            messages: messages,
            terminal: TerminalCapabilities(
                inputIsTerminal: keys, outputIsTerminal: true, movesCursor: movesCursor, size: { (24, columns) }),
            makeScheduler: { [clock] _ in clock }
        )
    }

    /// A session reading `input` from a file (or, with `open`, from a pipe that does not end while
    /// the test runs), handling no real signals.
    func session(_ container: DependencyContainer, input: String, open: Bool = false) throws -> LiveSession {
        guard open else {
            let directory = TemporaryDirectory()
            directory.write("keys", input)
            let descriptor = Glibc.open(directory.file("keys"), O_RDONLY | O_CLOEXEC)
            try #require(descriptor >= 0)
            openPipes.keep(descriptor)
            return LiveSession(container: container, label: "test.live", input: descriptor, signals: [])
        }
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        _ = input.utf8CString.withUnsafeBufferPointer { write(ends[1], $0.baseAddress, input.utf8.count) }
        openPipes.keep(ends[1])
        return LiveSession(container: container, label: "test.live", input: ends[0], signals: [])
    }

    /// Descriptors kept open while the test runs (a pipe's write end, a keys file), closed at its end.
    final class OpenPipes: Sendable {
        let descriptors = Mutex<[Int32]>([])
        func keep(_ descriptor: Int32) { descriptors.withLock { $0.append(descriptor) } }
        deinit { for descriptor in descriptors.withLock({ $0 }) { close(descriptor) } }
    }
    let openPipes = OpenPipes()

    func perform(_ action: StopwatchAction, on name: String, in container: DependencyContainer) throws {
        try ViewModelFactory(container: container).makeStopwatchViewModel(StopwatchName(name)!).handle(action)
    }

    func watch(_ name: String, keys: String, _ container: DependencyContainer) throws -> ExitCode {
        WatchSession(name: StopwatchName(name)!, session: try session(container, input: keys)).run()
    }

    /// What the screen shows in the end, escape sequences taken out: each line after its last `\r`.
    func screenLines() -> [String] {
        var text = output.text
        while let start = text.firstRange(of: "\u{1B}[") {
            var end = start.upperBound
            while end < text.endIndex, !text[end].isLetter { end = text.index(after: end) }
            text.removeSubrange(start.lowerBound...(end < text.endIndex ? end : text.index(before: end)))
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.split(separator: "\r", omittingEmptySubsequences: false).last ?? "")
        }
    }

    @Test func keysStartLapAndQuitAndTheStoreHasWhatTheyDid() throws {
        let container = container()
        #expect(try watch("job", keys: " lq", container) == .success)
        let state = try #require(try store.load(StopwatchName("job")!))
        #expect(state.status == .running)
        #expect(state.lapCount == 1)
        #expect(output.text.contains("job: lap 1 00:00.00"))
        #expect(messages.text.isEmpty)
    }

    @Test func aViewWatchesForOtherProcessesChangesWhileItRunsAndLetsGoAtItsEnd() throws {
        let changes = ManualChangeWatch()
        let container = DependencyContainer(
            store: store, history: store.history, timeSource: clock, timeZone: ManualTimeZone(), output: output,
            messages: messages,
            terminal: TerminalCapabilities(inputIsTerminal: true, outputIsTerminal: true, size: { (24, 80) }),
            makeScheduler: { [clock] _ in clock }, changes: changes)
        #expect(try watch("job", keys: " q", container) == .success)
        #expect(changes.made == 1)
        #expect(changes.watching == 0)
    }

    @Test func oneRAsksAndASecondWithinTheWindowResets() throws {
        let container = container()
        try perform(.start, on: "job", in: container)
        #expect(try watch("job", keys: "rq", container) == .success)
        #expect(output.text.contains("press r again to reset"))
        #expect(try store.load(StopwatchName("job")!)?.status == .running, "one r resets nothing")

        output.clear()
        #expect(try watch("job", keys: "rrq", container) == .success)
        #expect(try store.load(StopwatchName("job")!)?.status == .initial)
    }

    @Test func theResetQuestionIsWithdrawnWhenItsWindowPassesOnTheScheduler() throws {
        let container = container()
        try perform(.startCountdown(.duration(.seconds(600)), replacing: false), on: "tea", in: container)
        let session = try session(container, input: "r")  // a countdown's view outlasts its input
        session.start(WatchSession(name: StopwatchName("tea")!, session: session))
        try #require(output.waitUntil { $0.contains("press r again to reset") })
        let written = output.writes.count
        // Time passes on the view's queue, as the real scheduler's wake-ups come there.
        session.queue.sync { clock.advance(by: LiveStopwatchViewModel.resetWindow - .milliseconds(10)) }
        #expect(screenLines().last?.contains("press r again") == true, "still asked within the window")
        session.queue.sync { clock.advance(by: .milliseconds(10)) }
        #expect(output.writes.count > written)
        #expect(screenLines().last?.contains("press r again") == false, "withdrawn at the window's end")
        #expect(screenLines().last?.contains("09:58.00 left") == true, "and the line shows the time that passed")
        session.queue.sync { session.receive(SIGTERM) }
        #expect(session.waitForEnd() == .terminated)
        #expect(try store.load(StopwatchName("tea")!)?.status == .running, "one r resets nothing")
    }

    /// `l` on a countdown once only hinted "a countdown has no laps", though `stopwatch lap tea`
    /// laps it: a key does what the command does.
    @Test func lOnACountdownLapsItAsTheCommandDoes() throws {
        let container = container()
        try perform(.startCountdown(.duration(.seconds(600)), replacing: false), on: "tea", in: container)
        #expect(try watch("tea", keys: "lq", container) == .notApplicable)
        #expect(!output.text.contains("has no laps"))
        #expect(try store.load(StopwatchName("tea")!)?.lapCount == 1)
    }

    @Test func quittingACountdownBeforeZeroFailsAndSaysItGoesOn() throws {
        let container = container()
        try perform(.startCountdown(.duration(.seconds(600)), replacing: false), on: "tea", in: container)
        #expect(try watch("tea", keys: "q", container) == .notApplicable)
        #expect(messages.text == "stopwatch: 'tea' keeps running (10:00.00 left); 'stopwatch delete tea' cancels it\n")
    }

    @Test func aSignalEndsWithItsStatusAndACountdownSaysItGoesOn() throws {
        let container = container()
        try perform(.startCountdown(.duration(.seconds(600)), replacing: false), on: "tea", in: container)
        for (signal, code) in [(SIGTERM, ExitCode.terminated), (SIGHUP, .hangUp), (SIGINT, .interrupted)] {
            messages.clear()
            let session = try session(container, input: "")  // a countdown's view outlasts its input
            session.start(WatchSession(name: StopwatchName("tea")!, session: session))
            session.queue.sync { session.receive(signal) }
            #expect(session.waitForEnd() == code)
            #expect(messages.text.contains("'tea' keeps running"))
        }
    }

    @Test func aCountdownAtZeroEndsTheViewWithSuccessAndTheBell() throws {
        let container = container()
        try perform(.startCountdown(.duration(.seconds(1)), replacing: false), on: "tea", in: container)
        clock.advance(by: .seconds(2))
        #expect(try watch("tea", keys: "", container) == .success)
        #expect(output.text.contains("\u{7}"))
    }

    @Test func aScriptsLinesArePerformedAndAnUnknownOneIsQuoted() throws {
        let container = container(keys: false)
        #expect(try watch("job", keys: "start\nlap first\nbogus\nreset\n", container) == .success)
        #expect(try store.load(StopwatchName("job")!)?.status == .initial, "reset is not asked twice of a script")
        #expect(messages.text.contains("unknown command 'bogus'"))
    }

    @Test(arguments: [80, 40, 20])
    func theLiveLineAndKeysFitTheWidth(columns: Int) throws {
        let container = container(columns: columns)
        try perform(
            .startCountdown(.duration(.seconds(600)), replacing: false), on: "a-long-countdown-name", in: container)
        _ = try watch("a-long-countdown-name", keys: "q", container)
        let lines = screenLines()
        #expect(lines.allSatisfy { $0.count <= columns }, "\(lines)")
        #expect(lines.contains { $0.contains("10:00") })
    }

    @Test(arguments: [80, 40, 20])
    func theTableFitsTheWidthWithWholeParts(columns: Int) throws {
        let container = container(columns: columns)
        try perform(.start, on: "build", in: container)
        try perform(.startCountdown(.duration(.seconds(300)), replacing: false), on: "tea", in: container)
        #expect(WatchAllSession(session: try session(container, input: "q")).run() == .success)
        let lines = screenLines().filter { !$0.isEmpty }
        #expect(lines.allSatisfy { $0.count <= columns }, "\(lines)")
        let tea = try #require(lines.last { $0.contains("05:00.00") }, "the time is the last column to go")
        #expect(
            tea.contains("05:00.00 left") || columns < 30,
            "a countdown's time keeps its 'left' where names fit beside it")
        #expect(tea.hasPrefix("tea "), "the name stays whole: its time shows less first")
        #expect(lines.contains { $0.contains("00:00.00") })
    }

    @Test func theTableOutlivesTheEndOfInputAndEndsOnQOrASignal() throws {
        let container = container(keys: false)
        try perform(.start, on: "build", in: container)
        #expect(WatchAllSession(session: try session(container, input: "quit\n")).run() == .success)

        // Input from /dev/null (cron, a service): read to its end at once, and the table goes on.
        let session = try session(container, input: "")
        session.start(WatchAllSession(session: session))
        for _ in 0..<20 { session.queue.sync {} }  // each read of the file is a block on the queue
        #expect(!session.isOver, "the end of input does not end the table")
        session.queue.sync { session.receive(SIGTERM) }
        #expect(session.waitForEnd() == .terminated)
    }

    @Test func withoutCursorMovesTheViewWritesOneLinePerEvent() throws {
        let container = container(movesCursor: false)
        #expect(try watch("job", keys: " lq", container) == .success)
        #expect(!output.text.contains("\u{1B}"))
        #expect(output.text.split(separator: "\n").count >= 3)
    }
}
