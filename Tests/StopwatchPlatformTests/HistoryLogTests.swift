import Foundation
import StopwatchCore
@testable import StopwatchPlatform
import StopwatchTestSupport
import Testing

/// History's file, `history/runs.tsv`, through the file store: each run's line, its offsets, and
/// what a reader passes over or leaves out.
@Suite struct HistoryLogTests {
    let directory = TemporaryDirectory()
    let clock = ManualTimeSource()
    let name = StopwatchName("build")!
    var stateDirectory: String { directory.file("state") }
    var historyFile: String { stateDirectory + "/history/runs.tsv" }

    func makeStore(zone: any LocalTimeZone = ManualTimeZone(offset: .seconds(3600))) -> JSONFileStopwatchStore {
        JSONFileStopwatchStore(directoryPath: stateDirectory, timeSource: clock, zone: zone)
    }

    func change(_ store: JSONFileStopwatchStore, _ transition: (StopwatchState) throws -> StopwatchState) throws {
        try store.update(name) { stored in
            let now = clock.now()
            let current = (stored ?? .initial(name)).rebased(at: now)
            return StopwatchChange(state: try transition(current)).ending(stored, at: now)
        }
    }

    func contents() -> String { (try? String(contentsOfFile: historyFile, encoding: .utf8)) ?? "" }

    @Test func eachPlanRoundTripsWithTheOffsetsItHad() throws {
        let zone = ManualTimeZone(offset: .seconds(3600))
        zone.changeOffset(at: clock.now().wall + .seconds(30), to: .seconds(7200))
        let store = makeStore(zone: zone)
        let plan = PhaseSequence(phases: [Phase("work", .seconds(20)), Phase("rest", .seconds(5))], rounds: 3, waitsBefore: ["work"])
        try change(store) { try $0.started(at: clock.now()) }
        clock.advance(by: .seconds(40))
        try change(store) { _ in .countdown(name, duration: .seconds(90), startedAt: clock.now()) }
        clock.advance(by: .seconds(10))
        try change(store) { _ in .cycle(name, sequence: plan, startedAt: clock.now()) }
        clock.advance(by: .seconds(26))
        try change(store) { $0.reset() }
        let runs = try makeStore().history().runs
        #expect(runs.map(\.plan) == [.open, .countdown(.seconds(90)), .sequence(plan)])
        #expect(runs.map(\.elapsed) == [.seconds(40), .seconds(10), .seconds(26)] && runs[2].phasesEnded == 2, "work ended, and rest, which waits for a person")
        let lines = contents().split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(lines.count == 3 && lines.allSatisfy { $0.count == 15 })
        #expect(runs[2].phaseTimes == [.seconds(20), .seconds(6)], "work took 20 s; rest 5 s and the wait for a person 1 s")
        #expect(lines[2][14] == "20000000,6000000" && lines[0][14] == "" && lines[1][14] == "")
        #expect(lines[0][4] == "3600" && lines[0][6] == "7200", "the offset at its start, and the other at its end, after the change")
        #expect(lines[0][11] == "stopwatch" && lines[1][11] == "countdown" && lines[1][12] == "90000000" && lines[2][11] == "cycle")
    }

    @Test func aLineWithoutPhaseTimesAsTheFirstBuildsWroteItIsRead() throws {
        let store = makeStore()
        try change(store) { _ in .cycle(name, sequence: .pomodoro, startedAt: clock.now()) }
        clock.advance(by: .seconds(60))
        try change(store) { $0.reset() }
        var fields = contents().dropLast().split(separator: "\t", omittingEmptySubsequences: false).dropFirst().map(String.init)
        #expect(fields.removeLast() == "60000000")
        let body = fields.joined(separator: "\t")
        directory.write("state/history/runs.tsv", CRC32.hex(CRC32.checksum(Array(body.utf8))) + "\t" + body + "\n")
        let runs = try makeStore().history()
        #expect(runs.runs.count == 1 && runs.damagedLines == 0 && runs.runs[0].phaseTimes.isEmpty && runs.runs[0].elapsed == .seconds(60))
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

    @Test func aDamagedLineIsCountedAndPassedOverAndATornTailIsCutOffByTheNextRecord() throws {
        let store = makeStore()
        for _ in 0..<3 {
            try change(store) { try $0.started(at: clock.now()) }
            clock.advance(by: .seconds(1))
            try change(store) { $0.reset() }
        }
        var lines = contents().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[1] = lines[1].replacingOccurrences(of: "build", with: "bu1ld")
        // A record a power cut tore: no newline, never synced whole.
        directory.write("state/history/runs.tsv", lines.joined(separator: "\n") + String(lines[0].prefix(20)))
        let read = try makeStore().history()
        #expect(read.runs.count == 2 && read.damagedLines == 2, "the changed line and the torn tail, each passed over")
        try change(store) { try $0.started(at: clock.now()) }
        clock.advance(by: .seconds(1))
        try change(store) { $0.reset() }
        let after = try makeStore().history()
        #expect(after.runs.count == 3 && after.damagedLines == 1, "the torn tail cut off; the damaged line left as it is")
        #expect(contents().contains("bu1ld"), "never rewritten")
    }

    @Test func aRecordOfARunStillCurrentIsLeftOutAndALaterOneReplacesIt() throws {
        let store = makeStore()
        try change(store) { try $0.started(at: clock.now()) }
        let current = try #require(try store.load(name))
        clock.advance(by: .seconds(5))
        // As a power cut leaves it between the record and the change that ended the run.
        let early = try #require(current.record(endedAt: clock.now()))
        let line = RunLine(early).bytes
        try FileManager.default.createDirectory(atPath: stateDirectory + "/history", withIntermediateDirectories: true)
        directory.write("state/history/runs.tsv", String(decoding: line, as: UTF8.self))
        #expect(try store.history().runs.isEmpty, "the run is current: it is not in history too")
        clock.advance(by: .seconds(5))
        try change(store) { $0.reset() }
        let runs = try store.history().runs
        #expect(runs.count == 1 && runs[0].elapsed == .seconds(10), "once, as its later record has it")
    }

    @Test func aLineWithTheWrongNumberOfFieldsIsDamagedNotFatal() throws {
        try FileManager.default.createDirectory(atPath: stateDirectory + "/history", withIntermediateDirectories: true)
        let body = "1\tbuild\t0\t0"
        directory.write("state/history/runs.tsv", CRC32.hex(CRC32.checksum(Array(body.utf8))) + "\t" + body + "\n")
        let read = try makeStore().history()
        #expect(read.runs.isEmpty && read.damagedLines == 1)
    }
}
