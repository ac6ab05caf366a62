import StopwatchTestSupport
import Testing

@testable import StopwatchCore

/// Time added to a cycle's phase (`timer cycle --add`), by a countdown's rule: the phase it is in
/// grows or shrinks, the phases after it keep their lengths, the run's end moves with it, the
/// record tells the length it ran, and its hook fires at the new end.
@Suite struct PhaseExtensionTests {
    let clock = ManualTimeSource()
    let name = StopwatchName("focus")!
    let plan = PhaseSequence(phases: [Phase("work", .seconds(25 * 60)), Phase("rest", .seconds(5 * 60))], rounds: 2)

    func reading(_ state: StopwatchState) throws -> SequenceProgress {
        try #require(state.sequenceProgress(at: clock.now()))
    }

    @Test func theFirstPhaseGrowsAndThePhasesAfterItKeepTheirLengths() throws {
        var state = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        clock.advance(by: .seconds(20 * 60))
        state = try #require(state.addingTime(.seconds(5 * 60), at: clock.now()))
        var progress = try reading(state)
        #expect(
            progress.phase.label == "work" && progress.phase.duration == .seconds(30 * 60)
                && progress.leftInPhase == .seconds(10 * 60))
        #expect(
            state.countdownProgress(at: clock.now())?.duration == .seconds(65 * 60), "the run ends five minutes later")
        clock.advance(by: .seconds(10 * 60))
        progress = try reading(state)
        #expect(
            progress.phase.label == "rest" && progress.leftInPhase == .seconds(5 * 60),
            "the rest as planned, at the new edge")
        clock.advance(by: .seconds(5 * 60))
        #expect(try reading(state).phase == Phase("work", .seconds(25 * 60)), "the next work phase as planned")
    }

    @Test func aLaterPhaseIsAnchoredWhereItBeganAndTheRecordTellsWhatEachRan() throws {
        var state = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        clock.advance(by: .seconds(26 * 60))
        state = try #require(state.addingTime(.seconds(4 * 60), at: clock.now()))
        #expect(state.phaseAnchor == PhaseAnchor(index: 1, at: .seconds(25 * 60), extra: .seconds(4 * 60)))
        #expect(try reading(state).leftInPhase == .seconds(8 * 60))
        state = try #require(state.addingTime(.seconds(-2 * 60), at: clock.now()), "again: the same anchor")
        #expect(
            state.phaseAnchor == PhaseAnchor(index: 1, at: .seconds(25 * 60), extra: .seconds(2 * 60))
                && state.earlierAnchors.isEmpty)
        clock.advance(by: .seconds(6 * 60 + 30))
        #expect(try reading(state).phase.label == "work" && (try reading(state)).inPhase == .seconds(30))
        let times = plan.phaseTimes(anchors: [state.phaseAnchor!], elapsed: state.elapsed(at: clock.now()).duration)
        #expect(
            times == [
                PhaseTime(ran: .seconds(25 * 60)), PhaseTime(ran: .seconds(7 * 60)), PhaseTime(ran: .seconds(30)),
            ], "the rest ran its new 7 minutes, no wait")
    }

    @Test func takingMoreThanIsLeftEndsThePhaseNowAndNeverLess() throws {
        var state = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        clock.advance(by: .seconds(10 * 60))
        state = try #require(state.addingTime(.seconds(-60 * 60), at: clock.now()))
        let progress = try reading(state)
        #expect(
            progress.phase.label == "rest" && progress.index == 1 && progress.inPhase == .zero,
            "work ended now, at 10 minutes")
        #expect(state.countdownProgress(at: clock.now())?.duration == .seconds(45 * 60))
    }

    @Test func aPhaseWaitingForAPersonGivenMoreTimeGoesOnAndItsEdgeFiresAgain() throws {
        var waiting = plan
        waiting.waitsBefore = ["rest"]
        let store = InMemoryStopwatchStore()
        let stateStore = StateStore(StopwatchSnapshot.initial(name))
        let hook = ExpiryHook(command: "true", notify: false)
        try StartPlanUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared,
            timeZone: ManualTimeZone()
        )
        .execute(name, plan: .sequence(waiting), replacing: false, hook: hook)
        let claim = ClaimExpiryHookUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
        clock.advance(by: .seconds(27 * 60))
        #expect(try claim.handingOn(name) == .claimedEdges(hook, [waiting.edge(0)], lost: 0), "work ended; rest waits")
        let add = AddCountdownTimeUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
        let state = try add.execute(name, adding: .seconds(5 * 60))
        let progress = try reading(state)
        #expect(
            !progress.isWaiting && progress.phase.label == "work" && progress.leftInPhase == .seconds(3 * 60),
            "30 minutes of work, 27 gone")
        #expect(state.firedEdges == 0 && state.edgesPassed(at: clock.now()) == 0)
        #expect(try claim.execute(name) == .pending)
        clock.advance(by: .seconds(3 * 60))
        #expect(try claim.handingOn(name) == .claimedEdges(hook, [waiting.edge(0)], lost: 0), "at the new end")
        #expect(try reading(try #require(try store.load(name))).isWaiting)
    }

    @Test func anEndedCycleOrAStopwatchTakesNoTime() throws {
        let state = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        clock.advance(by: .seconds(61 * 60))
        #expect(state.addingTime(.seconds(60), at: clock.now()) == nil)
        let stopwatch = StopwatchState.initial(name).restarted(at: clock.now())
        #expect(stopwatch.addingTime(.seconds(60), at: clock.now()) == nil)
    }

    @Test func aCycleNeverStartedHasItsFirstPhaseChanged() throws {
        let state = try #require(
            StopwatchState.initial(name, plan: .sequence(plan)).addingTime(.seconds(60), at: clock.now()))
        #expect(try reading(state).phase.duration == .seconds(26 * 60))
        #expect(state.phaseAnchor == PhaseAnchor(index: 0, at: .zero, extra: .seconds(60)))
    }
}
