import StopwatchCore
import StopwatchTestSupport
import Testing

/// `import` passes over a run that overlaps one of its name, however history's runs lie.
@Suite struct ImportRunsTests {
    let clock = ManualTimeSource()
    let store = InMemoryStopwatchStore()
    let ids = SequentialIDSource()
    let tea = StopwatchName("tea")!

    func run(_ low: UInt64, from start: Int64, to end: Int64) -> RunRecord {
        RunRecord(
            id: EventID(high: 9, low: low), name: tea, plan: .open, startedAt: .seconds(start), endedAt: .seconds(end),
            elapsed: .seconds(end - start), isEstimated: false, lapCount: 0)
    }

    /// History may hold runs of one name that overlap (a wall clock set back, two machines): the
    /// run just before the one imported once was the only one asked, and a long run begun before
    /// it, ending after, was missed.
    @Test func aRunInsideALongOneBegunEarlierIsPassedOverThoughAShortOneLiesBetween() throws {
        try store.history.update { _, _ in
            HistoryCommit(
                change: HistoryChange(
                    id: ids.next(), madeAt: .seconds(40_000), kind: .track,
                    events: [.run(run(1, from: 0, to: 36_000)), .run(run(2, from: 600, to: 960))]))
        }
        let importing = ImportRunsUseCase(
            history: store.history, stateStore: StateStore(RunHistory()), timeSource: clock, ids: ids)
        let inside = try importing.execute([run(3, from: 28_000, to: 30_000)])
        #expect(inside.added.isEmpty && inside.overlapping == 1)
        let after = try importing.execute([run(4, from: 36_000, to: 37_000)])
        #expect(after.added.map(\.id) == [EventID(high: 9, low: 4)], "touching its end is no overlap")
    }
}
