import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// The words of the one message renderer, for reasons the Core and the command line raise as facts.
@Suite struct MessageMapperTests {
    @Test func durationMessagesQuoteTheInputAndFitOneLine() {
        #expect(
            MessageMapper.line(for: DurationSyntaxError("5x", .unknownUnit("x"), suggestion: "5m"))
                == "invalid duration '5x': unknown unit 'x'; did you mean '5m'?")
        #expect(
            MessageMapper.line(for: DurationSyntaxError("5qq", .unknownUnit("qq")))
                == "invalid duration '5qq': unknown unit 'qq'")
        #expect(
            MessageMapper.line(for: DurationSyntaxError("abc", .malformed))
                == "invalid duration 'abc': try 90s, 5min, 1h30m or 1:30")
        #expect(
            MessageMapper.line(for: DurationSyntaxError("30s1m", .unitOutOfOrder("m"), suggestion: "1m30s"))
                == "invalid duration '30s1m': units go largest first, each once; did you mean '1m30s'?")
        for text in ["5x", "abc", "1m30", "30s1m", "-5s", "0", "36525d1us", "1:60", "5 furlongs"] {
            do {
                _ = try DurationSyntax.parse(text)
                Issue.record("\(text) parsed")
            } catch {
                let line = "stopwatch: " + UsageError(.invalidDuration(error), command: .timer).description
                #expect(line.count <= 100, "\(line)")
            }
        }
    }

    @Test(arguments: [
        (LabelProblem.empty, "invalid label '': it is empty"),
        (.tooLong, "invalid label '': it is longer than 256 characters"),
        (.controlCharacter, "invalid label '': it contains a control character such as a newline, tab or escape"),
    ])
    func labelProblemsInWords(_ problem: LabelProblem, _ line: String) {
        let mapper = MessageMapper(mapper: StopwatchUIMapper(zone: ManualTimeZone()), knownNames: { _ in [] })
        #expect(mapper.message(for: StopwatchError.invalidLabel("", problem)) == line)
    }

    @Test func aStopwatchWhereTheCommandBelongsGetsItsStatusCommand() {
        #expect(
            UsageError(.stopwatchWhereCommandBelongs(StopwatchName("tea")!)).description
                == "unknown command 'tea'; 'stopwatch status tea' shows the stopwatch of that name")
    }

    @Test func aJoinRefusedSaysWhyFromTheCoresReason() {
        let mapper = MessageMapper(mapper: StopwatchUIMapper(zone: ManualTimeZone()), knownNames: { _ in [] })
        func run(_ plan: Plan) -> RunRecord {
            RunRecord(
                id: SequentialIDSource.shared.next(), name: StopwatchName("w")!, plan: plan,
                startedAt: .seconds(1_800_000_000), endedAt: .seconds(1_800_000_060), elapsed: .seconds(60),
                isEstimated: false, lapCount: 0)
        }
        let (open, countdown, cycle) = (run(.open), run(.countdown(.seconds(60))), run(.sequence(.pomodoro)))
        #expect(
            mapper.message(for: StopwatchError.cannotJoin(open, countdown, because: .otherPlans)).hasSuffix(
                "runs of a stopwatch and a countdown are not joined: join runs of one plan"))
        #expect(
            mapper.message(for: StopwatchError.cannotJoin(cycle, cycle, because: .phasesKept)).hasSuffix(
                "a cycle's runs are not joined: each keeps its phases as they ran"))
        #expect(
            mapper.message(for: StopwatchError.cannotJoin(open, open, because: .sameRun)).hasSuffix(
                "those are the same run: join two runs of one name"))
    }

    /// Once "it is a stopwatch, not a countdown", whatever it was.
    @Test func aRefusalNamesTheRunsPlan() {
        let clock = ManualTimeSource()
        let focus = StopwatchState.cycle(StopwatchName("focus")!, sequence: .pomodoro, startedAt: clock.now())
        let mapper = MessageMapper(mapper: StopwatchUIMapper(zone: ManualTimeZone()), knownNames: { _ in [] })
        #expect(
            mapper.message(for: StopwatchError.notApplicable(.dismiss, focus, at: clock.now()))
                == "cannot dismiss 'focus': it is a cycle, not a countdown")
        let plain = StopwatchState.initial(StopwatchName("sw")!)
        #expect(
            mapper.message(for: StopwatchError.notApplicable(.dismiss, plain, at: clock.now()))
                == "cannot dismiss 'sw': it is a stopwatch, not a countdown")
    }

    /// Once "it is already running (00:00.20 ago)", and a pause that paused its overtime.
    @Test func startOrPauseOnAnExpiredCountdownSaysItExpired() {
        let clock = ManualTimeSource()
        let tea = StopwatchName("tea")!
        let state = StopwatchState.countdown(tea, duration: .seconds(1), startedAt: clock.now())
        clock.advance(by: .milliseconds(1200))
        let mapper = MessageMapper(mapper: StopwatchUIMapper(zone: ManualTimeZone()), knownNames: { _ in [] })
        #expect(
            mapper.message(for: StopwatchError.notApplicable(.start, state, at: clock.now()))
                == "cannot start 'tea': it expired 00:00.20 ago; 'stopwatch restart tea' starts it over, 'stopwatch dismiss tea' puts it away"
        )
        #expect(
            mapper.message(for: StopwatchError.notApplicable(.pause, state, at: clock.now()))
                == "cannot pause 'tea': it expired 00:00.20 ago; 'stopwatch restart tea' starts it over, 'stopwatch dismiss tea' puts it away"
        )
    }
}
