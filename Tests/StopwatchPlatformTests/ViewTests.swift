import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// The exact text each view writes, through a recording output.
@Suite struct ViewTests {
    let clock = ManualTimeSource(wall: .seconds(1_767_225_600))
    let store = InMemoryStopwatchStore()
    let output = RecordingOutput()
    let messages = RecordingOutput()

    var factory: ViewModelFactory {
        ViewModelFactory(
            container: DependencyContainer(
                store: store, history: store.history, timeSource: clock, output: output, messages: messages))
    }

    /// Runs a stopwatch through two laps (1.5 s, then 0.25 s labelled) and leaves it running at 2 s.
    func prepare() throws {
        let viewModel = factory.makeStopwatchViewModel(.default)
        try viewModel.handle(.start)
        clock.advance(by: .milliseconds(1_500))
        try viewModel.handle(.lap(label: nil))
        clock.advance(by: .milliseconds(250))
        try viewModel.handle(.lap(label: "a, \"b\""))
        clock.advance(by: .milliseconds(250) + .microseconds(999))
    }

    func status(_ format: StatusView.Format, of name: StopwatchName = .default) throws -> String {
        let viewModel = factory.makeStopwatchViewModel(name)
        let view = StatusView(viewModel: viewModel, format: format, output: output)
        try withExtendedLifetime(view) { try viewModel.handle(.load) }
        return output.text
    }

    @Test func statusLine() throws {
        try prepare()
        #expect(try status(.line) == "default: running 00:02.00, 2 laps\n")
    }

    @Test func statusMachineFormats() throws {
        try prepare()
        #expect(try status(.milliseconds) == "2000\n")
        #expect(output.writes.count == 1)
    }

    @Test func statusSeconds() throws {
        try prepare()
        #expect(try status(.seconds) == "2.000\n")
    }

    @Test func statusJSON() throws {
        try prepare()
        #expect(
            try status(.json)
                == #"{"awayByCause":{"idle":0,"lock":0,"suspend":0},"awayDroppedMilliseconds":0,"awayMicroseconds":0,"awayMilliseconds":0,"awayPolicy":"keep","awayUndecidedMilliseconds":0,"elapsedMicroseconds":2000999,"elapsedMilliseconds":2000,"estimated":false,"kind":"stopwatch","lapCount":2,"latestLap":{"label":"a, \"b\"","lapMicroseconds":250000,"lapMilliseconds":250,"number":2,"recordedAt":"2026-01-01T00:00:01.750000Z","totalMicroseconds":1750000,"totalMilliseconds":1750},"machine":null,"name":"default","startedAt":"2026-01-01T00:00:00.000000Z","status":"running"}"#
                + "\n")
    }

    @Test func statusJSONWithTheLapJustRecorded() throws {
        try prepare()
        let text = try status(.jsonWithLap)
        #expect(text.contains(#""lap":{"label":"a, \"b\"","lapMicroseconds":250000,"lapMilliseconds":250,"number":2,"#))
        #expect(text.contains(#""latestLap":{"label":"a, \"b\"""#))
    }

    @Test func statusOfAResetStopwatchInJSONHasNulls() throws {
        let viewModel = factory.makeStopwatchViewModel(.default)
        try viewModel.handle(.start)
        try viewModel.handle(.reset)
        #expect(
            try status(.json)
                == #"{"awayByCause":{"idle":0,"lock":0,"suspend":0},"awayDroppedMilliseconds":0,"awayMicroseconds":0,"awayMilliseconds":0,"awayPolicy":"keep","awayUndecidedMilliseconds":0,"elapsedMicroseconds":0,"elapsedMilliseconds":0,"estimated":false,"kind":"stopwatch","lapCount":0,"latestLap":null,"machine":null,"name":"default","startedAt":null,"status":"initial"}"#
                + "\n")
    }

    @Test func lapLineAndEstimatedStatusLine() {
        var state = StopwatchViewState(
            name: "x", status: .running, elapsed: DurationTextMapper().viewState(.seconds(3725)), isEstimated: true,
            lapCount: 1, latestLap: nil, startedAt: nil
        )
        #expect(
            StatusView.text(state, format: .line)
                == "x: running ~1:02:05.00, 1 lap (estimated: not all of it measured)\n")
        state.latestLap = LapViewState(
            number: 1, duration: DurationTextMapper().viewState(.milliseconds(999)),
            total: DurationTextMapper().viewState(.seconds(3725)), label: "go", isBest: false, isWorst: false,
            recordedAtInstant: .zero
        )
        #expect(StatusView.text(state, format: .lap) == "x: lap 1 00:00.99 (total 1:02:05.00) go\n")
    }

    func laps(_ format: LapsView.Format) throws -> String {
        let viewModel = factory.makeLapsViewModel(.default)
        let view = LapsView(viewModel: viewModel, format: format, output: output, messages: messages)
        try withExtendedLifetime(view) { try viewModel.load() }
        return output.text
    }

    @Test func lapsTable() throws {
        try prepare()
        #expect(
            try laps(.table) == """
                LAP      TIME     TOTAL  MARK   LABEL
                  1  00:01.50  00:01.50  worst
                  2  00:00.25  00:01.75  best   a, "b"
                2 laps  min 00:00.25  max 00:01.50  mean 00:00.87  median 00:00.87

                """)
    }

    /// On a terminal each lap gets a bar scaled to the longest (20 cells), so slow steps stand out.
    @Test func lapsTableWithBars() throws {
        try prepare()
        let full = String(repeating: "\u{2588}", count: 20)
        let short = String(repeating: "\u{2588}", count: 3) + String(repeating: " ", count: 17)
        let blank = String(repeating: " ", count: 20)
        #expect(
            try laps(.tableWithBars) == """
                LAP      TIME  \(blank)     TOTAL  MARK   LABEL
                  1  00:01.50  \(full)  00:01.50  worst
                  2  00:00.25  \(short)  00:01.75  best   a, "b"
                2 laps  min 00:00.25  max 00:01.50  mean 00:00.87  median 00:00.87

                """)
    }

    @Test func lapsCSV() throws {
        try prepare()
        #expect(
            try laps(.csv) == #"""
                number,lap_ms,total_ms,label,best,worst,recorded_at
                1,1500,1500,,false,true,2026-01-01T00:00:01.500000Z
                2,250,1750,"a, ""b""",true,false,2026-01-01T00:00:01.750000Z

                """#)
    }

    @Test func lapsJSONStatistics() throws {
        try prepare()
        #expect(
            try laps(.json).hasSuffix(
                #""name":"default","statistics":{"count":2,"maximumMicroseconds":1500000,"maximumMilliseconds":1500,"meanMicroseconds":875000,"meanMilliseconds":875,"medianMicroseconds":875000,"medianMilliseconds":875,"minimumMicroseconds":250000,"minimumMilliseconds":250}}"#
                    + "\n"))
    }

    @Test func noLapsIsAMessageForATableAndDataOtherwise() throws {
        try factory.makeStopwatchViewModel(.default).handle(.start)
        #expect(try laps(.table) == "")
        #expect(messages.text == "default: no laps\n")
        #expect(try laps(.csv) == LapsView.csvHeader)
        #expect(try laps(.json).hasSuffix(#"{"laps":[],"name":"default","statistics":null}"# + "\n"))
    }

    @Test func listTableAndJSON() throws {
        try prepare()
        let viewModel = factory.makeStopwatchListViewModel()
        let table = StopwatchListView(viewModel: viewModel, format: .table, output: output, messages: messages)
        try withExtendedLifetime(table) { try viewModel.handle(.load) }
        #expect(
            output.text == """
                NAME     STATUS       TIME  LAPS
                default  running  00:02.00     2

                """)
    }

    @Test func anEmptyListIsAMessage() throws {
        let viewModel = factory.makeStopwatchListViewModel()
        let table = StopwatchListView(viewModel: viewModel, format: .table, output: output, messages: messages)
        try withExtendedLifetime(table) { try viewModel.handle(.load) }
        #expect(output.text.isEmpty)
        #expect(messages.text == "no stopwatches yet; 'stopwatch start' starts one\n")
        #expect(
            StopwatchListView.text(StopwatchListViewState(stopwatches: []), format: .json) == #"{"timers":[]}"# + "\n")
        #expect(
            MessageMapper.line(for: .nothingListed(.active, omitted: 1))
                == "none is running or paused; 'stopwatch list' shows the one there is")
        #expect(
            MessageMapper.line(for: .nothingListed(.active, omitted: 3))
                == "none is running or paused; 'stopwatch list' shows the 3 there are")
    }

    /// A 10 s countdown named tea, 2.5 s in (or 3 s over if `expired`).
    @Test func aDurationOfNoWholeHundredthsIsTruncatedAndSoIsTheTimeLeft() throws {
        // The time left is the duration less the truncated elapsed time, itself truncated: it
        // never shows more than the duration shown, and the two differ by the elapsed time shown.
        let viewModel = factory.makeStopwatchViewModel(StopwatchName("meeting")!)
        try viewModel.handle(.startCountdown(.duration(.seconds(38_906) + .microseconds(919_900)), replacing: false))
        #expect(try countdownStatus(.line, of: "meeting") == "meeting: running 10:48:26.91 left of 10:48:26.91\n")
        clock.advance(by: .microseconds(919_900))
        output.clear()
        #expect(try countdownStatus(.line, of: "meeting") == "meeting: running 10:48:26.00 left of 10:48:26.91\n")
    }

    /// `tea` paused past its zero, as `pause` left one before it refused to (0.4.0's state).
    func pausePastZero() throws {
        let name = StopwatchName("tea")!
        try store.update(name) { state in try StopwatchChange(state: #require(state).paused(at: clock.now())) }
    }

    func prepareCountdown(expired: Bool = false) throws {
        let viewModel = factory.makeStopwatchViewModel(StopwatchName("tea")!)
        try viewModel.handle(.startCountdown(.duration(.seconds(10)), replacing: false))
        clock.advance(by: expired ? .seconds(13) : .milliseconds(2_500))
    }

    func countdownStatus(_ format: StatusView.Format, of name: String = "tea") throws -> String {
        try status(format, of: StopwatchName(name)!)
    }

    @Test func countdownStatusShowsTheTimeLeft() throws {
        try prepareCountdown()
        #expect(try countdownStatus(.line) == "tea: running 00:07.50 left of 00:10.00\n")
    }

    @Test func countdownMachineFormatsAreTheTimeLeft() throws {
        try prepareCountdown()
        #expect(try countdownStatus(.milliseconds) == "7500\n")
        output.clear()
        #expect(try countdownStatus(.seconds) == "7.500\n")
    }

    @Test func countdownJSONHasDurationRemainingOvertimeAndExpiry() throws {
        try prepareCountdown()
        #expect(
            try countdownStatus(.json)
                == #"{"awayByCause":{"idle":0,"lock":0,"suspend":0},"awayDroppedMilliseconds":0,"awayMicroseconds":0,"awayMilliseconds":0,"awayPolicy":"keep","awayUndecidedMilliseconds":0,"durationMicroseconds":10000000,"durationMilliseconds":10000,"elapsedMicroseconds":2500000,"elapsedMilliseconds":2500,"estimated":false,"expired":false,"expiresAt":"2026-01-01T00:00:10.000000Z","kind":"countdown","lapCount":0,"latestLap":null,"machine":null,"name":"tea","overtimeMicroseconds":0,"overtimeMilliseconds":0,"remainingMicroseconds":7500000,"remainingMilliseconds":7500,"startedAt":"2026-01-01T00:00:00.000000Z","status":"running"}"#
                + "\n")
    }

    /// The time left is the duration minus the truncated elapsed time, at each precision shown.
    @Test(
        arguments: [
            (Duration.zero, "10:00.00", "600.000", 600_000),
            (.microseconds(1), "10:00.00", "600.000", 600_000),
            (.microseconds(1_001), "10:00.00", "599.999", 599_999),
            (.milliseconds(9_999), "09:50.01", "590.001", 590_001),
            (.seconds(600) - .microseconds(1), "00:00.01", "0.001", 1),
            (.seconds(600), "00:00.00", "0.000", 0),
        ] as [(Duration, String, String, Int64)])
    func theTimeLeftIsTheDurationMinusTheTruncatedElapsedTimeAt(
        _ elapsed: Duration, _ clockText: String, _ seconds: String, _ milliseconds: Int64
    ) throws {
        let viewModel = factory.makeStopwatchViewModel(StopwatchName("tea")!)
        try viewModel.handle(.startCountdown(.duration(.seconds(600)), replacing: false))
        clock.advance(by: elapsed)
        #expect(
            try countdownStatus(.line)
                == "tea: \(elapsed == .seconds(600) ? "expired 00:00.00 ago (countdown of 10:00.00)" : "running \(clockText) left of 10:00.00")\n"
        )
        output.clear()
        #expect(try countdownStatus(.seconds) == seconds + "\n")
        output.clear()
        #expect(try countdownStatus(.milliseconds) == "\(milliseconds)\n")
    }

    @Test func anExpiredCountdownShowsHowLongAgo() throws {
        try prepareCountdown(expired: true)
        #expect(try countdownStatus(.line) == "tea: expired 00:03.00 ago (countdown of 00:10.00)\n")
        output.clear()
        #expect(try countdownStatus(.milliseconds) == "0\n")
        output.clear()
        #expect(try countdownStatus(.json).contains(#""expired":true,"expiresAt":"2026-01-01T00:00:10.000000Z""#))
        #expect(
            output.text.contains(
                #""overtimeMicroseconds":3000000,"overtimeMilliseconds":3000,"remainingMicroseconds":0,"remainingMilliseconds":0"#
            ))
        #expect(output.text.contains(#""status":"expired""#))
    }

    @Test func aPausedCountdownHasNoExpiryInstant() throws {
        try prepareCountdown(expired: true)
        try pausePastZero()
        #expect(try countdownStatus(.line) == "tea: expired 00:03.00 ago (countdown of 00:10.00)\n")
        output.clear()
        #expect(try countdownStatus(.json).contains(#""expired":true,"expiresAt":null"#))
        #expect(output.text.contains(#""status":"expired""#))
    }

    /// A countdown paused past zero is one thing everywhere: expired, in `{status}`, JSON,
    /// waybar's class, i3blocks' urgency, the bar's choice of the most pressing and `list --quiet`.
    @Test func aPausedExpiredCountdownIsExpiredOnEverySurface() throws {
        try prepareCountdown(expired: true)
        try pausePastZero()
        try factory.makeStopwatchViewModel(StopwatchName("egg")!).handle(
            .startCountdown(.duration(.seconds(60)), replacing: false))
        let tea = try #require(
            try { () throws -> StopwatchViewState? in
                let viewModel = factory.makeStopwatchViewModel(StopwatchName("tea")!)
                try viewModel.handle(.load)
                return viewModel.viewState
            }())
        #expect(tea.status == .expired)
        #expect(StopwatchLineComposer.field(.status, of: tea) == "expired")
        #expect(StopwatchDocument(viewState: tea).json["status"] == .string("expired"))
        #expect(StatusBarFormat.waybar.text(for: tea, colors: true).contains(#""class":"expired""#))
        #expect(StatusBarFormat.i3blocks.isUrgent(tea))
        let list = factory.makeStopwatchListViewModel()
        try list.handle(.loadActive)
        #expect(
            StopwatchViewState.pressing(list.viewState?.stopwatches ?? [])?.shown.name == "tea",
            "before a running countdown")
        try list.handle(.loadFirstActive(countdownsOnly: true))
        #expect(list.viewState?.stopwatches.isEmpty == false, "list --quiet finds it")
    }

    @Test func listShowsCountdownsTimeLeftOrOver() throws {
        try prepare()
        try prepareCountdown()
        let viewModel = factory.makeStopwatchListViewModel()
        let view = StopwatchListView(viewModel: viewModel, format: .table, output: output, messages: messages)
        try withExtendedLifetime(view) { try viewModel.handle(.load) }
        #expect(
            output.text == """
                NAME     STATUS            TIME  LAPS
                default  running       00:04.50     2
                tea      running  00:07.50 left     0

                """)
    }
}

/// `laps` in a narrow window: labels cut, never wrapped mid-word; statistics broken between
/// figures, never inside one.
@Suite struct NarrowLapsTests {
    @Test(arguments: [80, 50, 40, 30, 24])
    func lapsFitTheWindowWithWholeFigures(columns: Int) {
        var total = Duration.zero
        let labels = ["compile the whole project with optimisations", nil, "link"]
        let laps = [62_340, 7_100, 1_500].enumerated().map { index, ms in
            total += .milliseconds(ms)
            return Lap(
                number: index + 1, duration: .milliseconds(ms), total: total, label: labels[index], recordedAt: .zero)
        }
        let state = StopwatchUIMapper(zone: ManualTimeZone()).viewState(
            LapHistory(name: StopwatchName("build")!, laps: laps))
        let text = LapsView.text(state, format: .tableWithBars, width: columns)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count < columns }, "\(columns): \(lines)")
        let figures = ["3 laps", "min 00:01.50", "max 01:02.34", "mean 00:23.64", "median 00:07.10"]
        for figure in figures {
            #expect(lines.contains { $0.contains(figure) }, "\(figure) whole at \(columns): \(lines)")
        }
        #expect(lines[1].contains("comp") || columns < 30, "\(lines)")
        if columns >= 80 { #expect(text.contains("compile the whole project with optimisations")) }
        #expect(
            LapsView.text(state, format: .table).contains("compile the whole project with optimisations"),
            "into a pipe, whole")
    }
}
