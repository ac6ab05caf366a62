import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// `wait` on fakes: the session wakes on the manual clock, its scheduler, and another process's
/// change is `changed()`, as SIGIO from the state directory is in the real loop.
@Suite struct WaitSessionTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let messages = RecordingOutput()
    let tea = StopwatchName("tea")!

    var container: DependencyContainer {
        DependencyContainer(
            store: store, history: store.history, timeSource: clock, timeZone: ManualTimeZone(),
            output: RecordingOutput(), messages: messages)
    }

    func perform(_ action: StopwatchAction) throws {
        try ViewModelFactory(container: container).makeStopwatchViewModel(tea).handle(action)
    }

    @Test func wakesOnceAtTheExpiryAndNotBefore() throws {
        try perform(.startCountdown(.duration(.seconds(300)), replacing: false))
        let session = WaitSession(name: tea, container: container)
        session.start(on: clock)
        #expect(clock.nextDeadline == .seconds(300))
        clock.advance(by: .milliseconds(299_999))
        #expect(session.result == nil && clock.firedCount == 0)
        clock.advance(by: .milliseconds(1))
        #expect(session.result == .success)
        #expect(clock.firedCount == 1, "one wake-up, at zero")
    }

    @Test func aPauseElsewhereDropsTheWakeUpAndAResumeSetsItForWhatIsLeft() throws {
        try perform(.startCountdown(.duration(.seconds(60)), replacing: false))
        let session = WaitSession(name: tea, container: container)
        session.start(on: clock)
        clock.advance(by: .seconds(20))
        try perform(.pause)
        session.changed()
        #expect(clock.scheduledCount == 0, "paused: nothing to wake for")
        clock.advance(by: .seconds(600))
        #expect(session.result == nil)
        try perform(.resume)
        session.changed()
        #expect(clock.nextDeadline == .seconds(40))
        clock.advance(by: .seconds(40))
        #expect(session.result == .success)
    }

    @Test func aSuspendThroughTheExpiryEndsItAtTheResume() throws {
        try perform(.startCountdown(.duration(.seconds(60)), replacing: false))
        let session = WaitSession(name: tea, container: container)
        session.start(on: clock)
        clock.suspend(for: .seconds(3_600))
        #expect(session.result == .success)
    }

    @Test func aDeletionElsewhereEndsItWithOne() throws {
        try perform(.startCountdown(.duration(.seconds(60)), replacing: false))
        let session = WaitSession(name: tea, container: container)
        session.start(on: clock)
        _ = try store.delete([tea], recording: { _ in nil })
        session.changed()
        #expect(session.result == .notApplicable)
        #expect(messages.text.contains("'tea'"))
    }

    @Test func edgeWaitsForTheEndOfThePhaseOrANextElsewhere() throws {
        let name = StopwatchName("focus")!
        let plan = PhaseSequence(phases: [Phase("work", .seconds(60)), Phase("rest", .seconds(30))])
        try ViewModelFactory(container: container).makeStopwatchViewModel(name).handle(
            .startPlan(.sequence(plan), replacing: false))
        let session = WaitSession(name: name, container: container, purpose: .edge)
        session.start(on: clock)
        #expect(clock.nextDeadline == .seconds(60))
        clock.advance(by: .seconds(59))
        #expect(session.result == nil)
        clock.advance(by: .seconds(1))
        #expect(session.result == .success, "at the edge")
        let again = WaitSession(name: name, container: container, purpose: .edge)
        again.start(on: clock)
        try ViewModelFactory(container: container).makeStopwatchViewModel(name).handle(.nextPhase)
        again.changed()
        #expect(again.result == .success, "next from another shell is an edge too")
        let countdown = WaitSession(name: tea, container: container, purpose: .edge)
        try perform(.startCountdown(.duration(.seconds(60)), replacing: false))
        countdown.start(on: clock)
        #expect(countdown.result == .notApplicable)
        #expect(
            messages.text.contains(
                "cannot wait for the next edge of 'tea': it is a countdown, not a cycle; 'stopwatch wait tea' waits for a countdown"
            ))
        let watch = StopwatchName("sw")!
        try ViewModelFactory(container: container).makeStopwatchViewModel(watch).handle(.start)
        let stopwatch = WaitSession(name: watch, container: container, purpose: .edge)
        stopwatch.start(on: clock)
        #expect(stopwatch.result == .notApplicable)
        #expect(
            messages.text.contains("cannot wait for the next edge of 'sw': it is a stopwatch, not a cycle\n"),
            "no 'wait sw', which fails for a stopwatch too")
    }

    /// The loop the README shows, `while stopwatch wait cycle --edge; do …; done`, once spun: a
    /// wait for a person and a cycle that had ended both returned 0 at once.
    @Test func edgeWaitsThroughAWaitForAPersonAndRefusesACycleThatHasEnded() throws {
        let name = StopwatchName("focus")!
        let plan = PhaseSequence(
            phases: [Phase("work", .seconds(60)), Phase("rest", .seconds(30))], rounds: 1, waitsBefore: ["rest"])
        let model = ViewModelFactory(container: container).makeStopwatchViewModel(name)
        try model.handle(.startPlan(.sequence(plan), replacing: false))
        clock.advance(by: .seconds(61))
        let waiting = WaitSession(name: name, container: container, purpose: .edge)
        waiting.start(on: clock)
        #expect(waiting.result == nil, "rest waits for a person: no edge until next")
        #expect(clock.scheduledCount == 0, "nothing to wake for: no CPU between edges")
        clock.advance(by: .seconds(600))
        waiting.changed()
        #expect(waiting.result == nil)
        try model.handle(.nextPhase)
        waiting.changed()
        #expect(waiting.result == .success, "next began rest: an edge")
        let last = WaitSession(name: name, container: container, purpose: .edge)
        last.start(on: clock)
        clock.advance(by: .seconds(30))
        #expect(last.result == .success, "the cycle's end is its last edge")
        let after = WaitSession(name: name, container: container, purpose: .edge)
        after.start(on: clock)
        #expect(after.result == .notApplicable, "no edge left: the loop ends")
        #expect(
            messages.text.contains("cannot wait for the next edge of 'focus': its last phase has ended"),
            "\(messages.text)")
    }
}
