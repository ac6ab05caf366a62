import StopwatchCore
import StopwatchTestSupport
import Testing

/// The one use case that decides what a stored hook is due for and hands it, as facts, to the
/// sinks: once each, however many look, the latest 16 edges after a long absence.
@Suite struct FireHookEventsTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let stateStore = StateStore(StopwatchSnapshot.initial(StopwatchName("tea")!))

    func fire(_ sinks: [any HookEventSink]) -> FireHookEventsUseCase {
        FireHookEventsUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared, sinks: sinks)
    }

    @Test func aCountdownsZeroIsHandedOnOnceWithItsDuration() throws {
        let name = StopwatchName("tea")!
        let hook = ExpiryHook(command: "true", notify: true)
        try StartPlanUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared,
            timeZone: ManualTimeZone()
        )
        .execute(name, for: .duration(.seconds(300)), replacing: false, hook: hook)
        let (first, second) = (RecordingHookEventSink(), RecordingHookEventSink(failing: true))
        #expect(try fire([first, second]).execute(name) == .pending)
        clock.advance(by: .seconds(300))
        #expect(try fire([first, second]).execute(name) == .firedZero(failed: 1), "the failing sink counted")
        #expect(first.events == [.zero(name: name, duration: .seconds(300))] && first.hooks == [hook])
        #expect(second.events == first.events, "every sink is handed every event")
        #expect(try fire([first]).execute(name) == FireHookEventsUseCase.Outcome.none, "once")
        #expect(first.events.count == 1)
    }

    @Test func afterALongAbsenceTheLatest16EdgesTheFirstToldHowManyItStandsFor() throws {
        let name = StopwatchName("focus")!
        let plan = PhaseSequence(phases: [Phase("work", .seconds(60)), Phase("rest", .seconds(60))])
        try StartPlanUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared,
            timeZone: ManualTimeZone()
        )
        .execute(name, plan: .sequence(plan), replacing: false, hook: ExpiryHook(notify: true))
        clock.advance(by: .seconds(20 * 60 + 30))
        let sink = RecordingHookEventSink()
        #expect(try fire([sink]).execute(name) == .firedEdges(count: 16, failed: 0))
        #expect(sink.events.first == .edge(name: name, plan.edge(4), skipped: 4))
        #expect(sink.events.last == .edge(name: name, plan.edge(19)))
        #expect(try fire([sink]).execute(name) == .pending, "the cycle goes on")
    }

    @Test func edgesAWaiterKilledBeforeHandingThemOnAreToldAsSkippedByTheNext() throws {
        let name = StopwatchName("focus")!
        let plan = PhaseSequence(phases: [Phase("work", .seconds(60)), Phase("rest", .seconds(60))])
        try StartPlanUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared,
            timeZone: ManualTimeZone()
        )
        .execute(name, plan: .sequence(plan), replacing: false, hook: ExpiryHook(notify: true))
        clock.advance(by: .seconds(125))
        // A waiter claims the first two edges and is killed before it hands them on.
        let claim = ClaimExpiryHookUseCase(
            store: store, stateStore: stateStore, timeSource: clock, ids: SequentialIDSource.shared)
        #expect(
            try claim.execute(name) == .claimedEdges(ExpiryHook(notify: true), [plan.edge(0), plan.edge(1)], lost: 0))
        #expect(try store.load(name)?.undeliveredEdges == 2, "claimed, not yet handed on")
        clock.advance(by: .seconds(60))
        let sink = RecordingHookEventSink()
        #expect(try fire([sink]).execute(name) == .firedEdges(count: 1, failed: 0))
        #expect(sink.events == [.edge(name: name, plan.edge(2), skipped: 2)], "the two lost, counted")
        #expect(try store.load(name)?.undeliveredEdges == 0, "handed on")
        clock.advance(by: .seconds(60))
        #expect(try fire([sink]).execute(name) == .firedEdges(count: 1, failed: 0))
        #expect(sink.events.last == .edge(name: name, plan.edge(3)), "counted once")
    }
}
