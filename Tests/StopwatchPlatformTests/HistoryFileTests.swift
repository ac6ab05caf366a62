import Foundation
import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// History's files through the file store: `history/events-MACHINE.tsv`, a change's lines with their
/// offsets; 0.4.0's `runs.tsv`, read as it is; and what a reader passes over or leaves out.
@Suite struct HistoryFileTests {
    let directory = TemporaryDirectory()
    let clock = ManualTimeSource()
    let name = StopwatchName("build")!
    let ids = SequentialIDSource()
    var stateDirectory: String { directory.file("state") }
    /// This machine's file: the store's machine is `test`.
    var historyFile: String { stateDirectory + "/history/" + ownFile }
    let ownFile = "events-" + MachineID(naming: "test").hex + ".tsv"

    func makeStore(zone: any LocalTimeZone = ManualTimeZone(offset: .seconds(3600))) -> JSONFileStopwatchStore {
        JSONFileStopwatchStore(directoryPath: stateDirectory, timeSource: clock, zone: zone, machine: "test")
    }

    func change(_ store: JSONFileStopwatchStore, _ transition: (StopwatchState) throws -> StopwatchState) throws {
        try store.update(name) { stored in
            let now = clock.now()
            let current = (stored ?? .initial(name)).rebased(at: now)
            var change = StopwatchChange(state: try transition(current))
            change.state = change.state.identified(after: stored, fresh: ids.next)
            return change.ending(
                stored, at: now, as: HistoryChange(id: ids.next(), madeAt: now.wall, kind: .reset, events: []))
        }
    }

    /// History's runs as `history` reads them: those a stopwatch still holds left out.
    func runs(_ store: JSONFileStopwatchStore) throws -> RunHistory {
        let current = Set(try store.loadAll().stopwatches.compactMap(\.currentRunID))
        return try store.history.read().runs(hiding: current)
    }

    func contents(_ file: String? = nil) -> String {
        (try? String(contentsOfFile: file ?? historyFile, encoding: .utf8)) ?? ""
    }

    /// A line of 0.4.0's `runs.tsv`, its check made.
    func earlierLine(_ fields: [String]) -> String {
        let body = (["1"] + fields).joined(separator: "\t")
        return CRC32.hex(CRC32.checksum(Array(body.utf8))) + "\t" + body + "\n"
    }

    @Test func eachPlanRoundTripsWithTheOffsetsItHad() throws {
        let zone = ManualTimeZone(offset: .seconds(3600))
        zone.changeOffset(at: clock.now().wall + .seconds(30), to: .seconds(7200))
        let store = makeStore(zone: zone)
        let plan = PhaseSequence(
            phases: [Phase("work", .seconds(20)), Phase("rest", .seconds(5))], rounds: 3, waitsBefore: ["work"])
        try change(store) { try $0.started(at: clock.now()) }
        clock.advance(by: .seconds(40))
        try change(store) { _ in .countdown(name, duration: .seconds(90), startedAt: clock.now()) }
        clock.advance(by: .seconds(10))
        try change(store) { _ in .cycle(name, sequence: plan, startedAt: clock.now()) }
        clock.advance(by: .seconds(26))
        try change(store) { $0.reset() }
        let runs = try runs(makeStore()).runs
        #expect(runs.map(\.plan) == [.open, .countdown(.seconds(90)), .sequence(plan)])
        #expect(
            runs.map(\.elapsed) == [.seconds(40), .seconds(10), .seconds(25)] && runs[2].phasesEnded == 2,
            "work ended, and rest, which waits for a person (the wait books nothing)")
        #expect(
            runs[2].phaseTimes == [PhaseTime(ran: .seconds(20)), PhaseTime(ran: .seconds(5), waited: .seconds(1))],
            "rest, then a wait of a second")
        let lines = contents().split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        #expect(lines.count == 6, "each change a stopwatch as it was, then its run")
        let runLines = lines.filter { $0[7] == "run" }
        #expect(
            runLines.count == 3
                && runLines.allSatisfy { $0.count == 25 && $0[1] == "3" && $0[3] == "2/2" && $0[6] == "reset" })
        #expect(runLines.map { $0[4] } == ["1", "2", "3"], "each change's sequence one more than the last")
        #expect(
            runLines.allSatisfy { $0[24] == "test" } && runs.allSatisfy { $0.machine == "test" },
            "recorded by this machine, as it calls itself")
        #expect(runLines[2][22] == "20000000,5000000+1000000" && runLines[0][22] == "")
        #expect(
            runLines[0][11] == "3600" && runLines[0][13] == "7200",
            "the offset at its start, and the other at its end, after the change")
        #expect(
            runLines[0][19] == "stopwatch" && runLines[1][19] == "countdown" && runLines[1][20] == "90000000"
                && runLines[2][19] == "cycle")
        #expect(
            lines.filter { $0[7] == "was" }.allSatisfy {
                $0.count == 11 && $0[8] == "build" && $0[9].hasPrefix("{") && $0[10].hasPrefix("{")
            })
    }

    @Test func aRunOf040IsReadWithTheIdItsNameAndStartMakeAndBookedAsToday() throws {
        try FileManager.default.createDirectory(atPath: stateDirectory + "/history", withIntermediateDirectories: true)
        let cycle =
            #"{"longEvery":1,"phases":[{"label":"work","microseconds":60000000},{"label":"rest","microseconds":30000000}],"rounds":1,"waitsBefore":["rest"]}"#
        directory.write(
            "state/history/runs.tsv",
            earlierLine([
                "tea", "1000000000", "3600", "1060000000", "3600", "60000000", "0", "0", "0", "countdown", "25000000",
                "", "",
            ])
                + earlierLine([
                    "build", "2000000000", "3600", "2010000000", "3600", "10000000", "0", "2", "0", "stopwatch", "",
                    "a", "",
                ])
                + earlierLine([
                    "focus", "3000000000", "0", "3120000000", "0", "120000000", "0", "0", "2", "cycle", cycle, "",
                    "70000000,30000000",
                ])
                + earlierLine(["old", "4000000000", "0", "4000000001", "0", "1", "0", "0", "0", "stopwatch", "", ""])
        )
        let runs = try runs(makeStore()).runs
        #expect(
            runs.map(\.name.rawValue) == ["tea", "build", "focus", "old"],
            "a line without phase times, as the first builds wrote, too")
        #expect(
            runs[1].id == EventID.derived(name: name, start: .seconds(2000)) && runs[1].tags == ["a"]
                && runs[1].lapCount == 2)
        #expect(
            runs[0].elapsed == .seconds(25) && runs[0].overtime == .seconds(35) && runs[0].endedAt == .seconds(1025),
            "up to its zero")
        #expect(
            runs[2].phaseTimes == [PhaseTime(ran: .seconds(60), waited: .seconds(10)), PhaseTime(ran: .seconds(30))])
        #expect(
            runs[2].elapsed == .seconds(100) && runs[2].overtime == .seconds(20) && runs[2].reachedEnd, "up to its end")
        #expect(try makeStore().history.read().lastUndoable() == nil, "0.4.0 kept nothing to undo its runs with")
    }

    @Test func whatAKilledWriteOfKeptLapsLeftIsRemovedByTheNextRunKeptWithLaps() throws {
        let store = makeStore()
        try change(store) { try $0.started(at: clock.now()) }
        clock.advance(by: .seconds(1))
        try change(store) { try $0.lapped(at: clock.now(), label: nil).state }
        try change(store) { $0.reset() }
        // As `kill -9` during the write of another run's laps leaves it, never renamed.
        directory.write("state/history/.gone@1.jsonl.tmp", "{\"check\":")
        try change(store) { try $0.started(at: clock.now()) }
        clock.advance(by: .seconds(1))
        try change(store) { try $0.lapped(at: clock.now(), label: nil).state }
        try change(store) { $0.reset() }
        let kept = ((try? FileManager.default.contentsOfDirectory(atPath: stateDirectory + "/history")) ?? []).sorted()
        #expect(kept.count == 3 && kept.allSatisfy { !$0.hasSuffix(".tmp") }, "\(kept)")
    }

    @Test func aDamagedLineIsReportedByNumberAndATornTailIsCutOffByTheNextChange() throws {
        let store = makeStore()
        for _ in 0..<3 {
            try change(store) { try $0.started(at: clock.now()) }
            clock.advance(by: .seconds(1))
            try change(store) { $0.reset() }
        }
        var lines = contents().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[3] = lines[3].replacingOccurrences(of: "build", with: "bu1ld")
        // A change a power cut tore: no newline, never synced whole.
        directory.write("state/history/" + ownFile, lines.joined(separator: "\n") + String(lines[0].prefix(20)))
        let read = try runs(makeStore())
        #expect(
            read.runs.count == 2 && read.damaged == [DamagedLine(file: historyFile, line: 4)],
            "the torn tail is no damage")
        try change(store) { try $0.started(at: clock.now()) }
        clock.advance(by: .seconds(1))
        try change(store) { $0.reset() }
        let after = try runs(makeStore())
        #expect(
            after.runs.count == 3 && after.damaged.map(\.line) == [4],
            "the torn tail cut off; the damaged line left as it is")
        #expect(contents().contains("bu1ld"), "never rewritten")
    }

    @Test func aChangeWithFewerLinesThanItCountsIsPassedOverWhole() throws {
        let store = makeStore()
        try change(store) { try $0.started(at: clock.now()) }
        clock.advance(by: .seconds(1))
        try change(store) { $0.reset() }
        let whole = contents()
        let first = whole.split(separator: "\n")[0]
        // Its first line alone, as an append a power cut stopped after one line leaves it.
        directory.write("state/history/" + ownFile, whole + first + "\n")
        let read = try runs(makeStore())
        #expect(
            read.runs.count == 1 && read.damaged.isEmpty,
            "the whole change once; the lone line of the torn one passed over")
    }

    @Test func aRecordOfARunStillCurrentIsLeftOutAndALaterOneReplacesIt() throws {
        let store = makeStore()
        try change(store) { try $0.started(at: clock.now()) }
        let current = try #require(try store.load(name))
        clock.advance(by: .seconds(5))
        // As a power cut leaves it between the record and the change that ended the run.
        let early = try #require(current.record(endedAt: clock.now()))
        try store.history.update { _, _ in
            HistoryCommit(
                change: HistoryChange(id: ids.next(), madeAt: clock.now().wall, kind: .reset, events: [.run(early)]))
        }
        #expect(try runs(store).runs.isEmpty, "the run is current: it is not in history too")
        clock.advance(by: .seconds(5))
        try change(store) { $0.reset() }
        let runs = try runs(store).runs
        #expect(
            runs.count == 1 && runs[0].elapsed == .seconds(10) && runs[0].id == current.runID,
            "once, as its later record has it")
    }

    @Test func aLineWithTheWrongNumberOfFieldsIsDamagedNotFatal() throws {
        try FileManager.default.createDirectory(atPath: stateDirectory + "/history", withIntermediateDirectories: true)
        directory.write("state/history/runs.tsv", earlierLine(["build", "0", "0"]))
        let read = try runs(makeStore())
        #expect(read.runs.isEmpty && read.damaged.map(\.line) == [1])
    }

    @Test func aLongFileIsReadInTwoHalvesAsItIsInOne() throws {
        let makeStore = {
            JSONFileStopwatchStore(
                directoryPath: stateDirectory, timeSource: clock, zone: ManualTimeZone(), historySnapshotSize: .max)
        }
        // Over 4 MiB: some 25,000 changes of two lines each, a correction among them.
        var lines: [UInt8] = []
        var runs: [RunRecord] = []
        for index in 0..<25_000 {
            let start = Duration.seconds(1_700_000_000 + Int64(index) * 100)
            let run = RunRecord(
                id: ids.next(), name: name, plan: .open, startedAt: start, endedAt: start + .seconds(50),
                elapsed: .seconds(50), isEstimated: false, lapCount: 0)
            runs.append(run)
            let events: [HistoryEvent] =
                index == 20_000 ? [.removed(runs[3].id), .run(run)] : [.run(run), .run(runs[max(0, index - 1)])]
            lines += HistoryLine.lines(
                of: HistoryChange(id: ids.next(), madeAt: start, kind: .track, events: events),
                sequence: Int64(index) + 1, zone: ManualTimeZone())
        }
        var text = lines.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Array($0) }
        // A line damaged in each half.
        text[10][20] = UInt8(ascii: "x")
        text[45_000][20] = UInt8(ascii: "x")
        try FileManager.default.createDirectory(atPath: stateDirectory + "/history", withIntermediateDirectories: true)
        directory.write(
            "state/history/events.tsv",
            String(decoding: Array(text.joined(separator: [UInt8(ascii: "\n")])), as: UTF8.self))
        let read = try makeStore().history.read()
        #expect(read.damaged.map(\.line) == [11, 45_001], "each by its number in the whole file")
        #expect(read.changes.count == 25_000 - 2)
        let history = read.runs()
        #expect(
            history.runs.count == 25_000 - 1,
            "one removed; each run is added again by the change after, so the two damaged lose none")
        #expect(!history.runs.contains { $0.id == runs[3].id })
    }
}
