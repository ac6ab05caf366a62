import StopwatchCore
import StopwatchTestSupport
import Testing

/// `edit RUN --away-as NAME` on the fake clock: the last locked or idle stretch of a run in
/// progress booked as a run of another name, out of the run, as one correction `undo` takes back;
/// and each refusal, with nothing written.
@Suite struct BookAwayAsTests {
    let clock = ManualTimeSource()
    let zone = ManualTimeZone()
    let store = InMemoryStopwatchStore()
    let ids = SequentialIDSource()
    let work = StopwatchName("work")!
    let lunch = StopwatchName("lunch")!
    var stateStore: StateStore<StopwatchSnapshot> { StateStore(StopwatchSnapshot.initial(StopwatchName("work")!)) }

    var kept: [RunRecord] { (try? store.history.read().runs().runs) ?? [] }

    func bookAs(_ other: StopwatchName) throws -> [RunRecord] {
        try BookAwayAsUseCase(history: store.history, stateStore: StateStore(RunHistory()), timeSource: clock, ids: ids)
            .execute(.name(work), as: other)
    }

    /// `work` running 10 minutes, then locked 45, then 5 more: as the away watcher books it.
    func lockedLunch(policy: AwayPolicy = .keep) throws -> Duration {
        try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids)
            .execute(work, back: nil, away: policy, in: zone)
        clock.advance(by: .seconds(600))
        let locked = clock.now()
        clock.advance(by: .seconds(2700))
        try BookAwayUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids)
            .execute(work, cause: .lock, since: locked)
        clock.advance(by: .seconds(300))
        return locked.wall
    }

    @Test(arguments: [AwayPolicy.keep, .drop, .ask])
    func theLockedStretchBecomesARunOfItsOwnAndLeavesTheRun(policy: AwayPolicy) throws {
        let lockedAt = try lockedLunch(policy: policy)
        let runs = try bookAs(lunch)
        #expect(runs.count == 2)
        let booked = try #require(runs.first)
        #expect(booked.name == lunch && booked.startedAt == lockedAt && booked.endedAt == lockedAt + .seconds(2700))
        #expect(booked.elapsed == .seconds(2700) && !booked.isEstimated)
        let state = try #require(try store.load(work))
        #expect(state.elapsed(at: clock.now()).duration == .seconds(900), "10 + 5 minutes, whatever its policy")
        #expect(state.away(at: clock.now()) == .zero && state.awayLocked == .zero && state.lastAway == nil)
        #expect(kept.map(\.name) == [lunch])
        #expect(throws: StopwatchError.noAwayStretch(work), "given once") { try bookAs(StopwatchName("other")!) }
        try UndoChangeUseCase(history: store.history, timeSource: clock, ids: ids).execute()
        #expect(kept.isEmpty)
        let back = try #require(try store.load(work))
        #expect(back.lastAway?.length == .seconds(2700) && back.awayLocked == .seconds(2700))
    }

    @Test func aNightHeardWakingIsBookedAsSleepWhole() throws {
        try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids)
            .execute(work, back: nil, in: zone)
        clock.advance(by: .seconds(600))
        let lastAwake = clock.now()
        clock.suspend(for: .seconds(8 * 3600))
        try BookAwayUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids)
            .execute(work, cause: .suspend, since: lastAwake)
        clock.advance(by: .seconds(60))
        let booked = try #require(try bookAs(StopwatchName("sleep")!).first)
        #expect(booked.startedAt == lastAwake.wall && booked.elapsed == .seconds(8 * 3600))
        let state = try #require(try store.load(work))
        #expect(state.elapsed(at: clock.now()).duration == .seconds(660) && state.away(at: clock.now()) == .zero)
    }

    @Test func aRunWithNoStretchOrAnOverlapIsRefusedAndNothingIsWritten() throws {
        try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids)
            .execute(work, back: nil, in: zone)
        clock.advance(by: .seconds(60))
        #expect(throws: StopwatchError.noAwayStretch(work)) { try bookAs(lunch) }
        let locked = clock.now()
        clock.advance(by: .seconds(2700))
        try BookAwayUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids)
            .execute(work, cause: .lock, since: locked)
        // A lunch already tracked over the stretch.
        try TrackRunUseCase(
            history: store.history, stateStore: StateStore(RunHistory()), timeSource: clock, timeZone: zone, ids: ids
        )
        .execute(lunch, from: .instant(locked.wall + .seconds(600)), to: .instant(locked.wall + .seconds(1200)))
        let stored = try store.load(work)
        #expect(throws: StopwatchError.self) { try bookAs(lunch) }
        #expect(try store.load(work) == stored && stored?.lastAway != nil)
        #expect(kept.count == 1, "the lunch tracked, no other")
    }

    /// A lap after the lunch stands, as it does for a later start: the stretch stays in the run,
    /// which a policy that drops never counted, so only a run that kept it is refused.
    @Test(arguments: [AwayPolicy.keep, .drop])
    func aLapAfterTheStretchKeepsItInTheRun(policy: AwayPolicy) throws {
        _ = try lockedLunch(policy: policy)
        try RecordLapUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(work)
        clock.advance(by: .seconds(60))
        if policy == .keep {
            let stored = try store.load(work)
            #expect(throws: StopwatchError.awayBeforeSplit(work)) { try bookAs(lunch) }
            #expect(try store.load(work) == stored && kept.isEmpty, "nothing written")
        } else {
            _ = try bookAs(lunch)
            let state = try #require(try store.load(work))
            #expect(state.elapsed(at: clock.now()).duration == .seconds(960), "10 + 5 + 1 minutes")
        }
    }
}
