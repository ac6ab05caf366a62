import StopwatchCore
import StopwatchTestSupport
import Testing

/// `--away ask` decides each stretch (issue 61, sequence 5): a decision takes the away time so
/// far and leaves the policy asking, so a later stretch is undecided again; an answer decides up
/// to the time its notification named, and no further; the history after a decision is the one
/// the policy given at the start would have made.
@Suite struct AwayDecisionTests {
    let clock = ManualTimeSource()
    let zone = ManualTimeZone()
    let store = InMemoryStopwatchStore()
    let ids = SequentialIDSource()
    let work = StopwatchName("work")!
    let coffee = Duration.seconds(10 * 60)
    let lunch = Duration.seconds(2 * 3600)

    /// A stopwatch that asks, started, counted ten minutes and was locked for `stretch`.
    func lockedRun(_ stretch: Duration) throws -> StopwatchState {
        var state = try StopwatchState.initial(work).started(at: clock.now())
        state.awayPolicy = .ask
        clock.advance(by: .seconds(600))
        let locked = clock.now()
        clock.advance(by: stretch)
        return state.booking(.lock, since: locked, at: clock.now())
    }

    @Test func aKeptCoffeeBreakDoesNotKeepTheLunchAfterIt() throws {
        var state = try lockedRun(coffee)
        #expect(state.undecidedAway(at: clock.now()) == coffee)
        state = try #require(state.deciding(.keep, at: clock.now()))
        #expect(state.effectiveAwayPolicy == .ask, "it asks again about the next stretch")
        #expect(!state.isUndecided(at: clock.now()))
        let locked = clock.now()
        clock.advance(by: lunch)
        state = state.booking(.lock, since: locked, at: clock.now())
        #expect(state.undecidedAway(at: clock.now()) == lunch, "the lunch is asked about, not kept")
        state = try #require(state.deciding(.drop, at: clock.now()))
        #expect(state.elapsed(at: clock.now()).duration == .seconds(600) + coffee, "the coffee kept, the lunch out")
        #expect(state.awayDropped == lunch && state.awayDecided == coffee + lunch)
        #expect(state.deciding(.keep, at: clock.now()) == nil, "nothing left to decide")
        let record = try #require(state.record(endedAt: clock.now()))
        #expect(record.elapsed == .seconds(600) + coffee && !record.isUndecided)
        #expect(record.awayDropped == lunch && record.away == coffee + lunch)
    }

    @Test func droppedLateTheHistoryIsTheOneDropFromTheStartWouldHaveMade() throws {
        let start = clock.now()
        let asked = try #require(try lockedRun(lunch).deciding(.drop, at: clock.now()))
        var dropping = try StopwatchState.initial(work).started(at: start)
        dropping.awayPolicy = .drop
        dropping = dropping.booking(
            .lock,
            since: TimeReading(
                wall: start.wall + .seconds(600), boot: start.boot + .seconds(600), bootSession: start.bootSession),
            at: clock.now())
        clock.advance(by: .seconds(60))
        #expect(asked.elapsed(at: clock.now()) == dropping.elapsed(at: clock.now()))
        #expect(asked.away(.lock, at: clock.now()) == dropping.away(.lock, at: clock.now()))
        let (one, other) = (
            try #require(asked.record(endedAt: clock.now())), try #require(dropping.record(endedAt: clock.now()))
        )
        #expect(one.elapsed == other.elapsed && one.away == other.away && one.endedAt == other.endedAt)
        #expect(!asked.isUndecided(at: clock.now()))
    }

    @Test func anAnswerDecidesOnlyTheTimeItsNotificationNamed() throws {
        var state = try lockedRun(coffee)
        let named = state.away(at: clock.now())
        let locked = clock.now()
        clock.advance(by: lunch)
        state = state.booking(.lock, since: locked, at: clock.now())
        // "Drop" pressed on the coffee break's notification, after the lunch: the lunch still asks.
        state = try #require(state.deciding(.drop, upTo: named, at: clock.now()))
        #expect(state.undecidedAway(at: clock.now()) == lunch)
        #expect(state.elapsed(at: clock.now()).duration == .seconds(600) + lunch)
        #expect(state.deciding(.drop, upTo: named, at: clock.now()) == nil, "the same answer twice decides nothing")
    }

    @Test func aDecisionDropsNoTimeBeforeALap() throws {
        var state = try lockedRun(coffee)
        state = try state.lapped(at: clock.now(), label: nil).state
        let decided = try #require(state.deciding(.drop, at: clock.now()))
        #expect(decided.elapsed(at: clock.now()).duration == .seconds(600) + coffee, "the lap stands")
        #expect(decided.awayDropped == .zero && !decided.isUndecided(at: clock.now()))
    }

    @Test func theRunsPolicySetWhenNothingIsUndecidedRebooksWhatWasDecided() throws {
        var state = try lockedRun(coffee)
        state = try #require(state.deciding(.drop, at: clock.now()))
        #expect(state.withAwayPolicy(.keep).elapsed(at: clock.now()).duration == .seconds(600) + coffee)
        let again = state.withAwayPolicy(.ask)
        #expect(again.undecidedAway(at: clock.now()) == coffee, "asked again about all of it")
        #expect(again.elapsed(at: clock.now()).duration == .seconds(600) + coffee)
        #expect(state.withAwayPolicy(.drop).elapsed(at: clock.now()).duration == .seconds(600))
    }

    @Test func aRecordSplitOrJoinedKeepsWhatWasDecided() {
        var run = RunRecord(
            id: EventID(high: 1, low: 1), name: work, plan: .open, startedAt: .zero, endedAt: .seconds(3600),
            elapsed: .seconds(3000), isEstimated: false, lapCount: 0)
        run.awayPolicy = .ask
        run.away = .seconds(1200)
        run.awayLocked = .seconds(1200)
        run.awayDecided = .seconds(1200)
        run.awayDropped = .seconds(600)
        let (first, later) = run.split(at: .seconds(1000), id: EventID(high: 2, low: 2))
        #expect(!first.isUndecided && !later.isUndecided, "all of it decided stays so")
        #expect(first.awayDropped + later.awayDropped == run.awayDropped)
        #expect(first.joined(with: later).awayDecided == run.awayDecided)
        var undecided = run
        undecided.awayDecided = .seconds(600)
        #expect(undecided.undecidedAway == .seconds(600))
        let kept = undecided.deciding(.keep)
        #expect(kept?.elapsed == .seconds(3000) && kept?.isUndecided == false)
        #expect(undecided.deciding(.drop, upTo: .seconds(300)) == nil, "decided past there already")
    }

    @Test func anEditOfARunThatAsksDecidesAndAnAnswerGivenTwiceIsRefused() throws {
        let stateStore = StateStore(StopwatchSnapshot.initial(work))
        let runs = StateStore(RunHistory())
        try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids)
            .execute(work, back: nil, away: .ask, in: zone)
        clock.advance(by: .seconds(600))
        let locked = clock.now()
        clock.advance(by: lunch)
        try BookAwayUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids)
            .execute(work, cause: .lock, since: locked)
        let named = try #require(try store.load(work)).away
        let edit = CorrectRunUseCase(
            history: store.history, stateStore: runs, timeSource: clock, timeZone: zone, ids: ids)
        let run = try edit.execute(.name(work), away: .drop, awayUpTo: named)
        #expect(run.elapsed == .seconds(600) && run.awayDropped == lunch && run.awayPolicy == .ask)
        #expect(throws: StopwatchError.self) { try edit.execute(.name(work), away: .keep, awayUpTo: named) }
        #expect(try store.load(work)?.awayDropped == lunch, "the refused answer changed nothing")
        // Nothing undecided: `edit --away keep` sets the policy, the lunch counted again.
        let kept = try edit.execute(.name(work), away: .keep)
        #expect(kept.awayPolicy == .keep && kept.elapsed == .seconds(600) + lunch)
    }
}
