import StopwatchCore
import StopwatchTestSupport
import Testing

/// Several machines' logs read as one (`HistoryLog.merging`): one order for every reader,
/// whatever order the logs come in, wall clocks aside; a change found twice taken once.
@Suite struct HistoryMergeTests {
    let name = StopwatchName("build")!

    func run(_ id: UInt64, start: Int64) -> RunRecord {
        RunRecord(
            id: EventID(high: 0, low: id), name: name, plan: .open, startedAt: .seconds(start),
            endedAt: .seconds(start + 60), elapsed: .seconds(60),
            isEstimated: false, lapCount: 0
        )
    }

    /// A log of one machine: each change its events and its sequence.
    func log(_ changes: [(id: UInt64, sequence: Int64, madeAt: Int64, events: [HistoryEvent])]) -> HistoryLog {
        var log = HistoryLog()
        for change in changes {
            log.append(
                HistoryChange(
                    id: EventID(high: 1, low: change.id), madeAt: .seconds(change.madeAt), kind: .track,
                    events: change.events),
                sequence: change.sequence
            )
        }
        return log
    }

    @Test func theOrderIsBySequenceThenIdWhateverTheOrderOfTheLogsOrTheClocks() {
        // b's clock is hours behind: its changes say they were made before a's.
        let a = log([(10, 1, 50_000, [.run(run(1, start: 0))]), (11, 3, 50_100, [.run(run(2, start: 100))])])
        let b = log([(20, 2, 100, [.run(run(3, start: 200))]), (21, 3, 200, [.revised(run(1, start: 10))])])
        let one = HistoryLog.merging([a, b])
        let other = HistoryLog.merging([b, a])
        #expect(one == other)
        #expect(one.entries.map(\.sequence) == [1, 2, 3, 3])
        #expect(one.entries.map(\.id.low) == [10, 20, 11, 21], "of sequence 3, a's change first: its id is lower")
        #expect(
            one.runs().runs.map(\.startedAt) == [.seconds(10), .seconds(200), .seconds(100)],
            "in the order added; b's correction of a's run applied after it")
    }

    @Test func aChangeFoundTwiceCountsOnce() {
        let a = log([(10, 1, 0, [.run(run(1, start: 0))]), (11, 2, 0, [.run(run(2, start: 100))])])
        // A sync engine's conflict copy of a's file, from before its second change.
        let copy = log([(10, 1, 0, [.run(run(1, start: 0))])])
        let b = log([(20, 2, 0, [.removed(EventID(high: 0, low: 1))])])
        let merged = HistoryLog.merging([a, copy, b])
        #expect(merged.entries.map(\.id.low) == [10, 11, 20])
        #expect(merged == HistoryLog.merging([copy, b, a]))
        #expect(merged.runs().runs.map(\.id.low) == [2], "the run b took out stays out")
    }

    /// One machine takes a run out (`remove`, or `undo` of the track that made it) while another
    /// corrects it: nothing is lost, the run stands as corrected, marked a conflict.
    @Test func aRunCorrectedWhereAnotherMachineTookItOutStandsMarkedAConflict() {
        let a = log([(10, 1, 0, [.run(run(1, start: 0))]), (11, 3, 0, [.revised(run(1, start: -240))])])
        let b = log([(20, 2, 0, [.removed(EventID(high: 0, low: 1))])])
        let runs = HistoryLog.merging([a, b]).runs().runs
        #expect(runs.map(\.startedAt) == [.seconds(-240)] && runs.first?.isConflicted == true)
        // The track undone there: its run never added, the correction adds it.
        let undone = log([(12, 1, 0, [.revised(run(2, start: 100))])])
        let revived = HistoryLog.merging([undone]).runs().runs
        #expect(revived.map(\.id.low) == [2] && revived.first?.isConflicted == true)
    }

    @Test func theEarlierLogComesFirstWholeAndAStartLeavesOutWhatCameBefore() {
        // Changes kept before sequences (0), in the order they were made, whatever their ids.
        let earlier = log([(90, 0, 0, [.run(run(1, start: 0))]), (5, 0, 0, [.run(run(2, start: 100))])])
        let a = log([(10, 1, 0, [.removed(EventID(high: 0, low: 2))]), (11, 4, 0, [.run(run(3, start: 300))])])
        #expect(HistoryLog.merging([earlier, a]).entries.map(\.id.low) == [90, 5, 10, 11])
        let b = log([(20, 2, 0, [.run(run(4, start: 400))]), (21, 5, 0, [.run(run(5, start: 500))])])
        #expect(HistoryLog.merging([a, b], from: 2).entries.map(\.id.low) == [20, 11, 21])
    }

    @Test func aLogOutOfOrderIsPutInOrderKeepingTheChangesBeforeSequences() {
        // One clone's changes after the other's, as git's union merge leaves one file of two.
        var union = log([
            (90, 0, 0, [.run(run(1, start: 0))]), (5, 0, 0, [.run(run(2, start: 100))]),
            (30, 3, 0, [.run(run(3, start: 300))]),
            (20, 1, 0, [.run(run(4, start: 400))]), (40, 3, 0, [.removed(EventID(high: 0, low: 1))]),
        ])
        let sorted = union.sortBySequence()
        #expect(sorted)
        #expect(union.entries.map(\.id.low) == [90, 5, 20, 30, 40])
        #expect(
            union.runs().runs.map(\.startedAt) == [.seconds(100), .seconds(400), .seconds(300)],
            "each change's events its own")
        let again = union.sortBySequence()
        #expect(!again, "in order now")
    }
}
