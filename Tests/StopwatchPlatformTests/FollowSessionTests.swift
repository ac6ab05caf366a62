import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// `--follow` on fakes: the session wakes on the manual clock, which is its scheduler, as time
/// is advanced; an in-memory store changed as another process would, recorded output. What is
/// counted is lines and wake-ups, never time.
@Suite struct FollowSessionTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let output = RecordingOutput()
    let messages = RecordingOutput()

    var container: DependencyContainer {
        DependencyContainer(
            store: store, history: store.history, timeSource: clock, timeZone: ManualTimeZone(), output: output,
            messages: messages)
    }

    func perform(_ action: StopwatchAction, on name: String) throws {
        try ViewModelFactory(container: container).makeStopwatchViewModel(StopwatchName(name)!).handle(action)
    }

    func template(_ text: String) throws -> StatusView.Format {
        .template(try StatusTemplate(parsing: text))
    }

    /// Runs `session` for `span` of fake time on the clock; returns how often it woke.
    func follow(_ session: FollowSession, for span: Duration) throws -> Int {
        let before = clock.firedCount
        try session.start(on: clock)
        clock.advance(by: span)
        return clock.firedCount - before
    }

    @Test func aWholeSecondsFormatPrintsOneLineASecondAndWakesNoMoreOften() throws {
        try perform(.start, on: "build")
        clock.advance(by: .milliseconds(1_250))
        let session = FollowSession(
            name: StopwatchName("build")!, format: try template("{name} {time_s}"), container: container)
        let wakes = try follow(session, for: .seconds(5))
        #expect(
            output.writes == [
                "build 00:01\n", "build 00:02\n", "build 00:03\n", "build 00:04\n", "build 00:05\n", "build 00:06\n",
            ])
        #expect(wakes == 5, "woken at each whole second of the stopwatch's own time, 0.75 s after the first read")
    }

    @Test func eachBarFormatChangesAtMostOnceASecondPercentageIncluded() throws {
        try perform(.startCountdown(.duration(.seconds(7)), replacing: false), on: "egg")
        let session = FollowSession(name: StopwatchName("egg")!, format: .bar(.waybar), container: container)
        let wakes = try follow(session, for: .seconds(9))
        // Seven seconds down, expiry, then a second over: one line each, the percentage in step.
        #expect(output.writes.count == 10)
        #expect(wakes == 9)
        #expect(output.writes[1].contains(#""percentage":14,"text":"egg 00:06 left""#))
        #expect(output.writes[7].contains(#""percentage":100,"text":"egg 00:00 ago""#))
        #expect(output.writes[9].contains(#""text":"egg 00:02 ago""#))
    }

    @Test func nothingRunningMeansNoWakeUpAtAll() throws {
        try perform(.start, on: "build")
        try perform(.pause, on: "build")
        let paused = FollowSession(name: StopwatchName("build")!, format: .bar(.polybar), container: container)
        try paused.start(on: clock)
        #expect(clock.scheduledCount == 0)
        let none = FollowSession(name: nil, format: .bar(.waybar), container: container)
        try perform(.reset, on: "build")
        try none.start(on: clock)
        #expect(clock.scheduledCount == 0)
        #expect(output.writes.last == #"{"text":""}"# + "\n", "an empty text hides waybar's module")
    }

    @Test func aTemplateWithoutTimesWakesOnlyAtExpiry() throws {
        try perform(.startCountdown(.duration(.milliseconds(2_500)), replacing: false), on: "tea")
        let session = FollowSession(
            name: StopwatchName("tea")!, format: try template("{name} {status}"), container: container)
        let wakes = try follow(session, for: .seconds(60))
        #expect(wakes == 1)
        #expect(output.writes == ["tea running\n", "tea expired\n"])
    }

    @Test func aChangeFromAnotherProcessIsShownOnTheNextReadAndOnlyIfTheTextChanged() throws {
        try perform(.start, on: "build")
        let session = FollowSession(
            name: StopwatchName("build")!, format: try template("{name} {status} {laps}"), container: container)
        try session.start(on: clock)
        try perform(.lap(label: nil), on: "build")
        try session.changed()
        try session.changed()
        try perform(.pause, on: "build")
        try session.changed()
        #expect(clock.scheduledCount == 0, "paused: no wake-up")
        #expect(output.writes == ["build running 0\n", "build running 1\n", "build paused 1\n"])
    }

    @Test func aDeletedStopwatchEmptiesTheLineUntilItExistsAgain() throws {
        try perform(.start, on: "build")
        let session = FollowSession(name: StopwatchName("build")!, format: .bar(.i3blocks), container: container)
        try session.start(on: clock)
        _ = try store.delete([StopwatchName("build")!], recording: { _ in nil })
        try session.changed()
        #expect(clock.scheduledCount == 0, "deleted: no wake-up")
        clock.advance(by: .seconds(3))
        try perform(.start, on: "build")
        try session.changed()
        #expect(
            output.writes == [
                ##"{"color":"#8ae234","full_text":"build 00:00","short_text":"00:00"}"## + "\n",
                #"{"full_text":""}"# + "\n",
                ##"{"color":"#8ae234","full_text":"build 00:00","short_text":"00:00"}"## + "\n",
            ])
    }

    @Test func aListingFollowsTheMostPressingAndWakesAtAnyCountdownsExpiry() throws {
        try perform(.start, on: "build")
        clock.advance(by: .milliseconds(400))
        try perform(.startCountdown(.duration(.milliseconds(1_500)), replacing: false), on: "egg")
        let session = FollowSession(name: nil, format: try template("{text}{more}"), container: container)
        let wakes = try follow(session, for: .milliseconds(3_600))
        #expect(
            output.writes == [
                "egg 00:01 left +1\n", "egg 00:00 left +1\n", "egg 00:00 ago +1\n", "egg 00:01 ago +1\n",
                "egg 00:02 ago +1\n",
            ])
        #expect(wakes == 4, "the countdown's second, its expiry, then each second over")
    }

    @Test func aCyclesPhaseTemplateWakesAtTheEdgesOnly() throws {
        let plan = PhaseSequence(phases: [Phase("a", .milliseconds(1_500)), Phase("b", .seconds(1))], rounds: 2)
        try perform(.startPlan(.sequence(plan), replacing: false), on: "focus")
        let session = FollowSession(
            name: StopwatchName("focus")!, format: try template("{phase} {phase_index} {status}"), container: container)
        let wakes = try follow(session, for: .seconds(60))
        #expect(
            output.writes == [
                "a 1/4 running\n", "b 2/4 running\n", "a 3/4 running\n", "b 4/4 running\n", "b 4/4 expired\n",
            ])
        #expect(wakes == 4, "at each edge and the end, never between")
    }

    @Test func aCyclesWholeSecondsCountFromItsPhasesStart() throws {
        let plan = PhaseSequence(phases: [Phase("a", .milliseconds(1_500)), Phase("b", .seconds(3))], rounds: 1)
        try perform(.startPlan(.sequence(plan), replacing: false), on: "focus")
        let session = FollowSession(
            name: StopwatchName("focus")!, format: try template("{phase} {phase_left_s}"), container: container)
        _ = try follow(session, for: .seconds(10))
        #expect(
            output.writes == ["a 00:01\n", "a 00:00\n", "b 00:03\n", "b 00:02\n", "b 00:01\n", "b 00:00\n"],
            "whole seconds of each phase from its own start")
    }

    @Test func anExpiredCountdownInI3blocksIsUrgent() throws {
        try perform(.startCountdown(.duration(.seconds(1)), replacing: false), on: "tea")
        clock.advance(by: .seconds(2))
        let session = FollowSession(name: nil, format: .bar(.i3blocks), container: container)
        try session.start(on: clock)
        #expect(
            output.text == ##"{"color":"#ef2929","full_text":"tea 00:01 ago","short_text":"00:01 ago","urgent":true}"##
                + "\n")
    }

    @Test func theFollowClockOfEachFormat() throws {
        #expect(
            StatusView.Format.line.followClock == FollowClock(step: .seconds(1)),
            "once a line each hundredth: 100 a second")
        #expect(StatusView.Format.bar(.tmux).followClock == FollowClock(step: .seconds(1)))
        #expect(StatusView.Format.json.followClock == nil && StatusView.Format.milliseconds.followClock == nil)
        #expect(try template("{left} {name}").followClock == FollowClock(step: .milliseconds(10)))
        #expect(try template("{percent}").followClock == FollowClock(step: .seconds(1)))
        #expect(
            try template("{time_s} {over_s}").followClock
                == FollowClock(step: .seconds(1), showsElapsedWhenExpired: true))
        #expect(try template("{ends}").followClock == FollowClock(step: nil))
    }
}
