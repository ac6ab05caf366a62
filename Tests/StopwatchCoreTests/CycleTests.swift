import StopwatchTestSupport
import Testing

@testable import StopwatchCore

/// Cycles on the fake clock: the phase follows from the elapsed time, through pauses, suspend,
/// reboots and `next`.
@Suite struct CycleTests {
    let clock = ManualTimeSource()
    let name = StopwatchName("focus")!
    let plan = PhaseSequence(phases: [Phase("work", .seconds(25 * 60)), Phase("rest", .seconds(5 * 60))], rounds: 2)

    func phase(_ state: StopwatchState) -> String {
        guard let progress = state.sequenceProgress(at: clock.now()) else { return "none" }
        return
            "\(progress.phase.label) \(progress.index + 1)/\(progress.count.map(String.init) ?? "-") \(progress.leftInPhase)"
    }

    @Test func aCycleStandsStillWhileTheMachineSleepsAndTellsTheSleepAsAwayTime() throws {
        let state = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        clock.advance(by: .seconds(60))
        clock.suspend(for: .seconds(8 * 3600))
        #expect(phase(state) == "work 1/4 1440.0 seconds", "a pomodoro does not run while you sleep")
        #expect(state.away(at: clock.now()) == .seconds(8 * 3600))
        clock.advance(by: .seconds(60))
        #expect(phase(state) == "work 1/4 1380.0 seconds")
        let paused = try state.paused(at: clock.now())
        #expect(paused.away == .seconds(8 * 3600) && paused.elapsed(at: clock.now()).duration == .seconds(120))
        let record = try #require(paused.record(endedAt: clock.now()))
        #expect(record.away == .seconds(8 * 3600) && record.awayPolicy == .drop && record.elapsed == .seconds(120))
    }

    @Test func aCycleKeepingAwayTimeIsInTheRightPhaseAfterASuspendAndWaitsWhilePaused() throws {
        var state = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        state.awayPolicy = .keep
        #expect(phase(state) == "work 1/4 1500.0 seconds")
        clock.suspend(for: .seconds(26 * 60))
        #expect(phase(state) == "rest 2/4 240.0 seconds", "the suspend counted, as the boot clock counts it")
        state = try state.paused(at: clock.now())
        clock.advance(by: .seconds(3600))
        #expect(phase(state) == "rest 2/4 240.0 seconds", "paused: the phase stands still")
        state = try state.resumed(at: clock.now())
        clock.advance(by: .seconds(4 * 60))
        #expect(phase(state) == "work 3/4 1500.0 seconds")
    }

    @Test func afterARebootThePhaseIsEstimatedAsTheTimeIs() throws {
        let state = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        clock.advance(by: .seconds(20 * 60))
        clock.reboot(after: .seconds(8 * 60))
        let progress = try #require(state.sequenceProgress(at: clock.now()))
        #expect(
            progress.phase.label == "rest" && progress.index == 1 && progress.inPhase == .seconds(3 * 60),
            "28 minutes by the wall clock")
        #expect(state.elapsed(at: clock.now()).isEstimated)
    }

    @Test func aCycleOfSoManyRoundsEndsAsACountdownDoes() throws {
        let state = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        #expect(state.hasEnd && !state.isCountdown)
        #expect(state.countdownProgress(at: clock.now())?.duration == .seconds(60 * 60))
        clock.advance(by: .seconds(60 * 60) - .microseconds(1))
        #expect(!state.isExpired(at: clock.now()))
        clock.advance(by: .microseconds(1))
        #expect(state.isExpired(at: clock.now()) && state.sequenceProgress(at: clock.now())?.isFinished == true)
        #expect(throws: StopwatchError.self) { try state.nexted(at: clock.now()) }
        let dismissed = try state.dismissed(at: clock.now())
        #expect(dismissed.status == .initial && dismissed.sequence == plan, "dismissed: ready to start over")
        let forever = StopwatchState.cycle(name, sequence: .pomodoro, startedAt: clock.now())
        #expect(!forever.hasEnd && forever.countdownProgress(at: clock.now()) == nil)
    }

    @Test func nextEndsThePhaseNowAndResetStartsTheCycleOver() throws {
        var state = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        clock.advance(by: .seconds(10 * 60))
        state = try state.nexted(at: clock.now())
        #expect(phase(state) == "rest 2/4 300.0 seconds")
        #expect(
            state.countdownProgress(at: clock.now())?.duration == .seconds(45 * 60), "the run ends 15 minutes sooner")
        state = try state.paused(at: clock.now())
        state = try state.nexted(at: clock.now())
        #expect(phase(state) == "work 3/4 1500.0 seconds", "a paused cycle moves on too")
        state = state.reset()
        #expect(state.status == .initial && state.phaseAnchor == nil && phase(state) == "work 1/4 1500.0 seconds")
        #expect(throws: StopwatchError.self) { try state.nexted(at: clock.now()) }
        #expect(throws: StopwatchError.self) {
            try StopwatchState.initial(name).restarted(at: clock.now()).nexted(at: clock.now())
        }
    }

    @Test func theUseCasesCreateAndMoveACycleUnderTheLock() throws {
        let store = InMemoryStopwatchStore()
        let stateStore = StateStore(StopwatchSnapshot.initial(name))
        let start = StartPlanUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared,
            timeZone: ManualTimeZone())
        try start.execute(name, plan: .sequence(plan), replacing: false)
        #expect(throws: StopwatchError.self, "a cycle in use is not replaced") {
            try start.execute(name, plan: .sequence(.pomodoro), replacing: false)
        }
        clock.advance(by: .seconds(60))
        try NextPhaseUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
            .execute(name)
        #expect(try store.load(name)?.phaseAnchor == PhaseAnchor(index: 1, at: .seconds(60)))
        try start.execute(name, plan: .sequence(.pomodoro), replacing: true)
        #expect(try store.load(name)?.sequence == .pomodoro && store.load(name)?.phaseAnchor == nil)
    }

    @Test func eachEdgeIsClaimedOnceInOrderAndNeverOneThatDidNotHappen() throws {
        let store = InMemoryStopwatchStore()
        let stateStore = StateStore(StopwatchSnapshot.initial(name))
        let hook = ExpiryHook(command: "true", notify: false)
        try StartPlanUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared,
            timeZone: ManualTimeZone()
        )
        .execute(name, plan: .sequence(plan), replacing: false, hook: hook)
        let claim = ClaimExpiryHookUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
        #expect(try claim.execute(name) == .pending, "no edge yet")
        clock.advance(by: .seconds(25 * 60) - .microseconds(1))
        #expect(try claim.execute(name) == .pending, "a microsecond before the edge")
        clock.advance(by: .microseconds(1))
        #expect(try claim.handingOn(name) == .claimedEdges(hook, [plan.edge(0)], lost: 0))
        #expect(try claim.execute(name) == .pending, "claimed once: a second look finds nothing")
        #expect(plan.edge(0).ended.label == "work" && plan.edge(0).begun?.label == "rest")
        // No one looking through two edges: both, in order, at the next look.
        clock.advance(by: .seconds(31 * 60))
        #expect(try claim.handingOn(name) == .claimedEdges(hook, [plan.edge(1), plan.edge(2)], lost: 0))
        #expect(try store.load(name)?.firedEdges == 3)
        // `next` is an edge too; the end of the last phase the last one.
        try NextPhaseUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
            .execute(name)
        #expect(try claim.handingOn(name) == .claimedEdges(hook, [plan.edge(3)], lost: 0))
        #expect(plan.edge(3).begun == nil, "the end")
        #expect(
            try claim.execute(name) == ClaimExpiryHookUseCase.Outcome.none,
            "finished and fired: nothing left to wait for")
        #expect(try store.load(name)?.hook == hook, "the hook stays with the cycle, for its next run")
        try RestartStopwatchUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared
        ).execute(name)
        #expect(try store.load(name)?.firedEdges == 0, "a new run fires its edges again")
    }

    @Test func aPhaseThatWaitsForAPersonBeginsOnlyWithNextAndTheWaitIsOvertime() throws {
        var waiting = plan
        waiting.waitsBefore = ["rest"]
        var state = StopwatchState.cycle(name, sequence: waiting, startedAt: clock.now())
        clock.advance(by: .seconds(30 * 60))
        let progress = try #require(state.sequenceProgress(at: clock.now()))
        #expect(progress.isWaiting && progress.phase.label == "work" && progress.index == 0)
        #expect(progress.overtime == .seconds(5 * 60) && progress.leftInPhase == .zero && progress.nextLabel == "rest")
        #expect(state.edgesPassed(at: clock.now()) == 1, "the work phase has ended")
        #expect(!state.isExpired(at: clock.now()), "nothing counts down while it waits")
        #expect(progress.end == .seconds(30 * 60) + .seconds(35 * 60), "the rest of the plan still to come")
        state = try state.nexted(at: clock.now())
        let rest = try #require(state.sequenceProgress(at: clock.now()))
        #expect(rest.phase.label == "rest" && rest.leftInPhase == .seconds(5 * 60) && !rest.isWaiting)
        #expect(state.edgesPassed(at: clock.now()) == 1, "the edge is not passed twice")
        clock.advance(by: .seconds(5 * 60))
        #expect(
            state.sequenceProgress(at: clock.now())?.phase.label == "work", "work begins at the edge: only rest waits")
    }

    @Test func aWarningComesOnceBeforeEachEndAndNeverForAPhaseEndedBeforeIt() throws {
        let store = InMemoryStopwatchStore()
        let stateStore = StateStore(StopwatchSnapshot.initial(name))
        var warned = plan
        warned.warningMicroseconds = Duration.seconds(60).wholeMicroseconds
        let hook = ExpiryHook(notify: true)
        try StartPlanUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared,
            timeZone: ManualTimeZone()
        )
        .execute(name, plan: .sequence(warned), replacing: false, hook: hook)
        let claim = ClaimExpiryHookUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
        clock.advance(by: .seconds(24 * 60) - .microseconds(1))
        #expect(try claim.execute(name) == .pending)
        clock.advance(by: .microseconds(1))
        #expect(
            try claim.handingOn(name) == .claimedEdges(hook, [warned.warningEdge(0)], lost: 0),
            "a minute before work ends")
        #expect(try claim.execute(name) == .pending)
        clock.advance(by: .seconds(60))
        #expect(try claim.handingOn(name) == .claimedEdges(hook, [warned.edge(0)], lost: 0))
        // Machine off through rest's warning and end, and work's warning: each once, in order.
        clock.advance(by: .seconds(5 * 60 + 24 * 60))
        #expect(
            try claim.handingOn(name)
                == .claimedEdges(hook, [warned.warningEdge(1), warned.edge(1), warned.warningEdge(2)], lost: 0))
        // `next` before rest's warning: rest never warns.
        clock.advance(by: .seconds(60))
        #expect(try claim.handingOn(name) == .claimedEdges(hook, [warned.edge(2)], lost: 0))
        try NextPhaseUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
            .execute(name)
        #expect(
            try claim.handingOn(name) == .claimedEdges(hook, [warned.edge(3)], lost: 0),
            "the end of rest, but no warning of it")
    }
}

extension ClaimExpiryHookUseCase {
    /// A claim as a waiter that lives makes it: the edges it took are then marked handed on.
    func handingOn(_ name: StopwatchName) throws -> Outcome {
        let outcome = try execute(name)
        if case .claimedEdges = outcome { try handedOn(name, leaving: 0) }
        return outcome
    }
}
