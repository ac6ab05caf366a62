import Glibc
import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// The live view's policies, without a terminal or a session.
@Suite struct LiveStopwatchViewModelTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()

    func make(_ name: String = "job", interactive: Bool = true) -> LiveStopwatchViewModel {
        let container = DependencyContainer(
            store: store, history: store.history, timeSource: clock, output: RecordingOutput(),
            messages: RecordingOutput())
        let stopwatch = ViewModelFactory(container: container).makeStopwatchViewModel(StopwatchName(name)!)
        return LiveStopwatchViewModel(stopwatch: stopwatch, timeSource: clock, isInteractive: interactive)
    }

    @Test func aSecondROutsideTheWindowAsksAgainAndTheQuestionIsWithdrawnAfterIt() throws {
        let live = make()
        #expect(try live.handle(.action(.start)) == .done)
        #expect(try live.handle(.action(.reset)) == .hint(.confirmReset))
        clock.advance(by: .milliseconds(1_999))
        #expect(!live.withdrawExpiredResetQuestion(), "still inside the window")
        clock.advance(by: .milliseconds(1))
        #expect(live.withdrawExpiredResetQuestion())
        #expect(try live.handle(.action(.reset)) == .hint(.confirmReset), "a new question")
        clock.advance(by: .seconds(1))
        #expect(try live.handle(.action(.reset)) == .done)
        #expect(live.viewState?.status == .initial)
    }

    @Test func kAndDDecideTheAwayTimeOfARunThatAsksAndHintOtherwise() throws {
        let live = make()
        #expect(try live.handle(.action(.start)) == .done)
        #expect(try live.handle(.action(.decideAway(.drop))) == .hint(.awayNotAsked), "a stopwatch keeps it unasked")
        let asking = make("work")
        #expect(try asking.handle(.action(.startWith(back: nil, tags: [], away: .ask))) == .done)
        let locked = clock.now()
        clock.advance(by: .seconds(2700))
        try asking.stopwatch.handle(.bookAway(.lock, since: locked))
        #expect(asking.viewState?.away.isUndecided == true)
        #expect(try asking.handle(.action(.decideAway(.drop))) == .done)
        #expect(asking.viewState?.away.policy == .ask && asking.viewState?.elapsed.microseconds == 0)
        #expect(asking.viewState?.away.isUndecided == false && asking.viewState?.away.dropped == 2_700_000_000)
        #expect(try store.history.read().lastUndoable()?.kind == .edit, "a correction, as edit --away drop")
    }

    @Test func nothingToClearNoQuestion() throws {
        let live = make()
        try live.show()
        #expect(try live.handle(.action(.reset)) != .hint(.confirmReset))
    }

    @Test func aScriptResetsAndLapsAsGiven() throws {
        let live = make(interactive: false)
        #expect(try live.handle(.action(.start)) == .done)
        #expect(try live.handle(.action(.reset)) == .done)
        try make("tea").stopwatch.handle(.startCountdown(.duration(.seconds(60)), replacing: false))
        let countdown = make("tea", interactive: false)
        #expect(try countdown.handle(.action(.lap(label: nil))) == .done, "as `stopwatch lap tea` does")
        #expect(countdown.viewState?.lapCount == 1)
    }

    @Test func aRefusedKeyIsAnsweredNotThrown() throws {
        let live = make()
        try live.show()
        guard case .refused(.noSuchStopwatch) = try live.handle(.action(.lap(label: nil))) else {
            Issue.record("lap before start is refused")
            return
        }
    }

    @Test func quittingACountdownDependsOnWhereItIs() throws {
        let live = make("tea")
        try live.stopwatch.handle(.startCountdown(.duration(.seconds(60)), replacing: false))
        #expect(live.leave(bySignal: nil).outcome == .countdownUnfinished)
        #expect(live.leave(bySignal: SIGTERM).outcome == .signal(SIGTERM))
        #expect(ExitCode(for: live.leave(bySignal: nil).outcome) == .notApplicable)
        #expect(ExitCode(for: live.leave(bySignal: SIGTERM).outcome) == .terminated)
        guard case .countdownGoesOn? = live.leave(bySignal: nil).note else {
            Issue.record("a running countdown goes on, and says so")
            return
        }
        #expect(try live.handle(.endOfInput) == .done, "the end of input does not end a countdown's view")
        clock.advance(by: .seconds(60))
        live.stopwatch.refresh()
        let expired = try #require(live.viewState)
        #expect(LiveStopwatchViewModel.ending(after: expired) == LiveEnding(.done))
        #expect(live.leave(bySignal: nil) == LiveEnding(.done))
    }

    @Test func quittingAStopwatchIsSuccess() throws {
        let live = make()
        #expect(try live.handle(.action(.start)) == .done)
        #expect(try live.handle(.quit) == .end(LiveEnding(.done)))
        #expect(try live.handle(.endOfInput) == .end(LiveEnding(.done)))
        #expect(try live.handle(.unknown("bogus")) == .unknown("bogus"))
    }
}
