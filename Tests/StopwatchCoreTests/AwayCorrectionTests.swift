import StopwatchCore
import StopwatchTestSupport
import Testing

/// Away time through `split` and `join`: once copied whole into both parts of a split (a decision
/// on each then booked it twice) and dropped from the later run of a join; now shared and added,
/// so that nothing is booked twice or lost, and runs that did otherwise with it are not joined.
@Suite struct AwayCorrectionTests {
    let clock = ManualTimeSource()
    let zone = ManualTimeZone()
    let store = InMemoryStopwatchStore()
    let ids = SequentialIDSource()
    let work = StopwatchName("work")!
    var runsStore: StateStore<RunHistory> { StateStore(RunHistory()) }

    /// Ten hours from midnight, eight of them asleep (one locked, half an hour idle besides).
    func night(_ policy: AwayPolicy) -> RunRecord {
        var run = RunRecord(
            id: EventID(high: 1, low: 1), name: work, plan: .open, startedAt: .zero, endedAt: .seconds(36_000),
            elapsed: policy.counts ? .seconds(36_000) : .seconds(7_200), isEstimated: false, lapCount: 0)
        run.away = .seconds(28_800)
        run.awayLocked = .seconds(3_600)
        run.awayIdle = .seconds(1_801)
        run.awayPolicy = policy
        return run
    }

    @Test(arguments: [AwayPolicy.keep, .drop], [Int64(1), 12_345, 35_999])
    func aSplitRunsPartsShareItsAwayTimeAndDecidedAgainAddUpToTheWhole(policy: AwayPolicy, at second: Int64) {
        let whole = night(policy)
        let (first, later) = whole.split(at: .seconds(second), id: EventID(high: 2, low: 2))
        #expect(first.away + later.away == whole.away)
        for cause in AwayCause.allCases {
            #expect(first.away(cause) + later.away(cause) == whole.away(cause), "\(cause)")
        }
        for part in [first, later] { #expect(part.awayLocked + part.awayIdle <= part.away) }
        let other: AwayPolicy = policy == .keep ? .drop : .keep
        #expect(
            first.withAwayPolicy(other).elapsed + later.withAwayPolicy(other).elapsed
                == whole.withAwayPolicy(other).elapsed, "decided on each part as on the whole")
    }

    /// A run of `work` started with `policy` that counted a minute, slept an hour, and ended.
    func sleptRun(_ policy: AwayPolicy) throws {
        let stateStore = StateStore(StopwatchSnapshot.initial(work))
        try StartStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids)
            .execute(work, back: nil, away: policy, in: zone)
        clock.advance(by: .seconds(60))
        clock.suspend(for: .seconds(3_600))
        try ResetStopwatchUseCase(store: store, stateStore: stateStore, timeSource: clock, ids: ids).execute(work)
        clock.advance(by: .seconds(60))
    }

    @Test func joinedRunsAddTheirAwayTimeAndRunsThatDidOtherwiseWithItAreNotJoined() throws {
        try sleptRun(.keep)
        try sleptRun(.drop)
        let runs = try store.history.read().runs().runs
        #expect(runs.map(\.away) == [.seconds(3_600), .seconds(3_600)])
        let join = JoinRunsUseCase(history: store.history, stateStore: runsStore, timeSource: clock, ids: ids)
        #expect(throws: StopwatchError.cannotJoin(runs[0], runs[1], because: .otherAwayPolicies)) {
            try join.execute(.id(runs[0].id.hex), .id(runs[1].id.hex))
        }
        try CorrectRunUseCase(
            history: store.history, stateStore: runsStore, timeSource: clock, timeZone: zone, ids: ids
        )
        .execute(.id(runs[1].id.hex), away: .keep)
        let joined = try join.execute(.id(runs[0].id.hex), .id(runs[1].id.hex))
        #expect(joined.away == .seconds(7_200) && joined.away(.suspend) == .seconds(7_200))
        #expect(joined.elapsed == .seconds(7_320), "both minutes and both hours, kept")
        #expect(joined.withAwayPolicy(.drop).elapsed == .seconds(120), "dropped again: both hours out")
    }
}
