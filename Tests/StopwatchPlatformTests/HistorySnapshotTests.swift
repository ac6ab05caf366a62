import Foundation
import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// The snapshot of history's runs kept beside its log (`history/snapshot-MACHINE`): a reader given one
/// gets the runs, and the damaged lines, that reading the whole log gives, whatever happened to
/// the files since it was kept.
@Suite struct HistorySnapshotTests {
    let directory = TemporaryDirectory()
    let clock = ManualTimeSource()
    let ids = SequentialIDSource()
    let zone = ManualTimeZone(offset: .seconds(3600))
    let names = ["build", "test", "deploy"].map { StopwatchName($0)! }
    var stateDirectory: String { directory.file("state") }
    var historyPath: String { stateDirectory + "/history" }
    /// The store's machine is `test`: its snapshot and its file of changes.
    var snapshotPath: String { historyPath + "/snapshot-" + MachineID(naming: "test").hex }
    var logPath: String { historyPath + "/events-" + MachineID(naming: "test").hex + ".tsv" }

    /// A store that keeps a snapshot of any history, however short, and renews it at every read.
    func snapshotting() -> JSONFileStopwatchStore {
        JSONFileStopwatchStore(
            directoryPath: stateDirectory, timeSource: clock, zone: zone, historySnapshotSize: 0, machine: "test")
    }

    /// A store that always reads the whole log.
    func whole() -> JSONFileStopwatchStore {
        JSONFileStopwatchStore(
            directoryPath: stateDirectory, timeSource: clock, zone: zone, historySnapshotSize: .max, machine: "test")
    }

    func run(_ index: Int, plan: Plan = .open, tags: [String] = []) -> RunRecord {
        let start = Duration.seconds(1_700_000_000 + Int64(index) * 1000)
        var run = RunRecord(
            id: ids.next(), name: names[index % names.count], plan: plan, startedAt: start,
            endedAt: start + .seconds(600),
            elapsed: .seconds(500), isEstimated: index % 5 == 0, lapCount: 0, phasesEnded: 0
        )
        run.tags = tags
        return run
    }

    @discardableResult
    func append(_ store: JSONFileStopwatchStore, _ kind: HistoryChange.Kind, _ events: [HistoryEvent]) throws
        -> HistoryChange
    {
        let change = HistoryChange(id: ids.next(), madeAt: clock.now().wall, kind: kind, events: events)
        try store.history.update { _, _ in HistoryCommit(change: change) }
        return change
    }

    /// Runs and damaged lines as a reader gets them, with the snapshot and without.
    func expectSameReading(_ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try whole().history.read().runs()
        let read = try snapshotting().history.read()
        guard case .after = read.beginning else {
            Issue.record("not read through a snapshot: \(comment)", sourceLocation: sourceLocation)
            return
        }
        #expect(read.runs() == expected, comment, sourceLocation: sourceLocation)
        #expect(
            try whole().history.read().runs() == expected, "reading kept nothing that changes the whole",
            sourceLocation: sourceLocation)
    }

    @Test func aSnapshotAndTheChangesSinceGiveWhatTheWholeLogGives() throws {
        let store = snapshotting()
        let sequence = PhaseSequence(
            phases: [Phase("work", .seconds(20)), Phase("rest", .seconds(5))], rounds: 3, waitsBefore: ["work"])
        var runs: [RunRecord] = []
        for index in 0..<30 {
            var made = run(
                index, plan: index % 3 == 1 ? .countdown(.seconds(900)) : index % 3 == 2 ? .sequence(sequence) : .open,
                tags: index % 2 == 0 ? ["billable"] : [])
            if case .sequence = made.plan {
                made.phaseTimes = [PhaseTime(ran: .seconds(20), waited: .seconds(3)), PhaseTime(ran: .seconds(5))]
            }
            if index == 7 { made.recordedAs = RunKey(name: StopwatchName("old")!, start: .seconds(1_600_000_000)) }
            made.overtime = index == 4 ? .seconds(30) : .zero
            runs.append(made)
            try append(store, .track, [.run(made)])
        }
        try expectSameReading("the first snapshot, of every kind of run")
        #expect(FileManager.default.fileExists(atPath: snapshotPath))
        var revised = runs[3]
        revised.endedAt -= .seconds(60)
        revised.tags = ["fixed", "late"]
        try append(store, .edit, [.revised(revised)])
        try append(store, .remove, [.removed(runs[5].id)])
        try expectSameReading("a revision and a removal after the snapshot")
        try append(store, .track, [.run(runs[5])])
        try append(store, .edit, [.revised(runs[5])])
        try expectSameReading("a run taken out, then added again in its place")
        for index in 30..<40 { try append(store, .track, [.run(run(index))]) }
        try expectSameReading("runs added since")
    }

    @Test func anUndoOrRedoOfAChangeBeforeTheSnapshotIsReadWithTheWholeLog() throws {
        let store = snapshotting()
        let first = run(0)
        let second = run(1)
        let track = try append(store, .track, [.run(first)])
        try append(store, .track, [.run(second)])
        try expectSameReading("kept")
        let undo = try append(store, .undo, [.undo(track.id)])
        let read = try store.history.read()
        #expect(
            read.runs().runs.map(\.id) == [second.id],
            "the run the undone change added is gone, though the snapshot had it")
        try append(store, .redo, [.undo(undo.id)])
        #expect(try snapshotting().history.read().runs().runs.map(\.id) == [first.id, second.id])
        try expectSameReading("after the redo, a snapshot again")
    }

    @Test func aSnapshotOfOtherFilesOrDamagedIsNotUsed() throws {
        let store = snapshotting()
        for index in 0..<10 { try append(store, .track, [.run(run(index))]) }
        try expectSameReading("kept")
        let log = logPath
        let kept = try Data(contentsOf: URL(fileURLWithPath: log))
        // The log replaced by another of the same length: another first line.
        var other = Array(kept)
        let lineEnd = other.firstIndex(of: UInt8(ascii: "\n"))!
        let replacement = HistoryLine.lines(
            of: HistoryChange(id: ids.next(), madeAt: .seconds(1), kind: .track, events: [.run(run(50))]), sequence: 1,
            zone: zone)
        other.replaceSubrange(0...lineEnd, with: replacement)
        try Data(other).write(to: URL(fileURLWithPath: log))
        try expectSameReading("a log whose first bytes changed")
        // The log cut shorter than the snapshot covers.
        try Data(kept.prefix(kept.count / 2)).write(to: URL(fileURLWithPath: log))
        try expectSameReading("a log shorter than it covers")
        // The snapshot damaged: one byte changed, then cut short.
        var snapshot = try Data(contentsOf: URL(fileURLWithPath: snapshotPath))
        snapshot[snapshot.count / 2] ^= 0x40
        try snapshot.write(to: URL(fileURLWithPath: snapshotPath))
        try expectSameReading("a snapshot with a byte changed")
        try snapshot.prefix(100).write(to: URL(fileURLWithPath: snapshotPath))
        try expectSameReading("a snapshot cut short")
        // A 0.4.0 file that appeared since.
        directory.write("state/history/runs.tsv", "")
        try expectSameReading("an empty 0.4.0 file")
    }

    @Test func damagedLinesAndATornTailAreReportedAsTheWholeLogReportsThem() throws {
        let store = snapshotting()
        for index in 0..<6 { try append(store, .track, [.run(run(index))]) }
        let log = logPath
        var lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[1] = lines[1].replacingOccurrences(of: "\ttest\t", with: "\tt3st\t")
        try (lines.joined(separator: "\n") + "\n").write(toFile: log, atomically: false, encoding: .utf8)
        try expectSameReading("a damaged line within the snapshot")
        #expect(try snapshotting().history.read().runs().damaged.map(\.line) == [2])
        try append(store, .track, [.run(run(6))])
        try append(store, .track, [.run(run(7))])
        var text = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        text[6] = text[6].replacingOccurrences(of: "\tbuild\t", with: "\tbu1ld\t")
        try (text.joined(separator: "\n") + "\n" + String(lines[0].prefix(30))).write(
            toFile: log, atomically: false, encoding: .utf8)
        try append(whole(), .track, [.run(run(8))])
        try expectSameReading("a damaged line after it, and a torn tail cut off by the next change")
        let damagedAtLast = try snapshotting().history.read().runs().damaged.map(\.line)
        #expect(damagedAtLast == [2, 7], "\(damagedAtLast)")
    }

    /// The simulation on two machines found it: the last part of a change edited by hand, so that
    /// no whole change ends the file, was reported twice ("lines 2 and 2") through a snapshot,
    /// which kept it among its damaged lines though it covers none of the file.
    @Test func aDamagedLinePastWhatTheSnapshotCoversIsReportedOnce() throws {
        let store = snapshotting()
        try append(store, .delete, [.run(run(0)), .run(run(1))])
        let log = logPath
        var lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        lines[1] = lines[1].replacingOccurrences(of: "\ttest\t", with: "\tt3st\t")
        try (lines.joined(separator: "\n") + "\n").write(toFile: log, atomically: false, encoding: .utf8)
        for _ in 0..<2 {
            let damaged = try snapshotting().history.read().runs().damaged.map(\.line)
            #expect(damaged == [2], "\(damaged)")
        }
        #expect(try whole().history.read().runs().damaged.map(\.line) == [2])
    }

    @Test func theSnapshotFileReadsBackAsItWasWritten() throws {
        let sequence = PhaseSequence(
            phases: [Phase("work", .seconds(25)), Phase("break", .seconds(5))], rounds: nil, waitsBefore: [])
        var cycle = run(2, plan: .sequence(sequence), tags: ["a", "b"])
        cycle.phaseTimes = [PhaseTime(ran: .seconds(25), waited: .milliseconds(1500))]
        cycle.recordedAs = RunKey(name: names[0], start: .microseconds(123_456_789))
        cycle.startOffset = .seconds(-12600)
        cycle.endOffset = .seconds(45900)
        cycle.away = .seconds(28_800)
        cycle.awayPolicy = .drop
        cycle.awayLocked = .seconds(2700)
        cycle.awayIdle = .seconds(300)
        var countdown = run(1, plan: .countdown(.microseconds(90_000_001)))
        countdown.overtime = .microseconds(7)
        countdown.away = .microseconds(3)
        var asked = run(3)
        asked.away = .seconds(600)
        asked.awayPolicy = .ask
        asked.awayDecided = .seconds(400)
        asked.awayDropped = .seconds(100)
        let file = HistorySnapshotFile(
            earlier: .init(size: 10, head: 1, tail: 2),
            files: [
                .init(name: "events-0123456789abcdef.tsv", source: .init(size: 400, head: 3, tail: 4), lines: 12),
                .init(
                    name: "events-fedcba9876543210.sync-conflict-20261126-120000-ABCDEFG.tsv",
                    source: .init(size: 80, head: 5, tail: 6), lines: 1),
            ],
            sequence: 41, damaged: [.init(file: nil, line: 2), .init(file: 0, line: 9), .init(file: 1, line: 1)],
            snapshot: HistorySnapshot(runs: [run(0), countdown, cycle, asked], isRemoved: [false, true, false, false])
        )
        #expect(HistorySnapshotFile(file.bytes) == file)
        var bytes = file.bytes
        bytes[bytes.count - 10] ^= 1
        #expect(HistorySnapshotFile(bytes) == nil, "its check fails")
        #expect(HistorySnapshotFile(Array(file.bytes.dropLast())) == nil)
    }

    @Test func undoReadsFurtherBackUntilItFindsWhatToUndo() throws {
        let store = snapshotting()
        let first = run(0)
        try append(store, .track, [.run(first)])
        let edited = try append(store, .edit, [.revised(first)])
        // Undone and done again so many times that the edit lies over 64 KiB back.
        var target = edited.id
        for index in 0..<800 {
            let change = try append(store, index % 2 == 0 ? .undo : .redo, [.undo(target)])
            target = change.id
        }
        let undone = try UndoChangeUseCase(history: store.history, timeSource: clock, ids: ids).execute()
        #expect(undone.id == edited.id, "the edit, in effect again after the last redo")
        let redone = try UndoChangeUseCase(history: store.history, timeSource: clock, ids: ids).execute(redo: true)
        #expect(redone.id == edited.id)
    }
}

/// Corrections found through a snapshot read in place find what they find in the whole log.
@Suite struct SnapshotLookupTests {
    let first = TemporaryDirectory()
    let second = TemporaryDirectory()
    let clock = ManualTimeSource(wall: .seconds(1_800_000_000))
    let zone = ManualTimeZone()

    func stores() -> [JSONFileStopwatchStore] {
        [
            JSONFileStopwatchStore(
                directoryPath: first.file("state"), timeSource: clock, zone: zone, historySnapshotSize: 0,
                machine: "test"),
            JSONFileStopwatchStore(
                directoryPath: second.file("state"), timeSource: clock, zone: zone, historySnapshotSize: .max,
                machine: "test"),
        ]
    }

    /// `body` on each store with its own ids from the same seed: the outcome (the run, or the
    /// error) and history after, the same on both.
    func both<T: Equatable>(_ comment: Comment, _ body: (JSONFileStopwatchStore, SequentialIDSource) throws -> T) throws
    {
        var outcomes: [Result<T, StopwatchError>] = []
        for (store, seed) in zip(stores(), [UInt64(7), 7]) {
            let ids = SequentialIDSource(seed: seed &+ UInt64(try store.history.read().runs().runs.count))
            do {
                outcomes.append(.success(try body(store, ids)))
            } catch let error as StopwatchError {
                outcomes.append(.failure(error))
            }
        }
        #expect(outcomes[0] == outcomes[1], comment)
        let histories = try stores().map { try $0.history.read().runs().runs }
        #expect(histories[0] == histories[1], comment)
    }

    @Test func eachKindOfReferenceAndEachRefusalIsTheSame() throws {
        let names = ["build", "test"].map { StopwatchName($0)! }
        for index in 0..<20 {
            try both("track \(index)") { store, ids in
                try TrackRunUseCase(
                    history: store.history, stateStore: StateStore(RunHistory()), timeSource: clock, timeZone: zone,
                    ids: ids
                )
                .execute(
                    names[index % 2], from: .instant(clock.now().wall - .seconds(Int64(20 - index) * 3600)),
                    to: .instant(clock.now().wall - .seconds(Int64(20 - index) * 3600 - 1800))
                )
                .id
            }
        }
        let runs = try stores()[0].history.read().runs().runs
        let correct = { (store: JSONFileStopwatchStore, ids: SequentialIDSource) in
            CorrectRunUseCase(
                history: store.history, stateStore: StateStore(RunHistory()), timeSource: clock, timeZone: zone,
                ids: ids)
        }
        try both("by an id's prefix") {
            try correct($0, $1).execute(.id(String(runs[4].id.hex.prefix(6))), tags: ["x"])
        }
        try both("the latest") { try correct($0, $1).execute(.latest, end: .by(.seconds(-60))) }
        try both("a name's latest") { try correct($0, $1).execute(.name(names[0]), start: .by(.seconds(-30))) }
        try both("an overlap refused") {
            try correct($0, $1).execute(.id(runs[6].id.hex), end: .by(.seconds(3 * 3600)))
        }
        try both("an id nothing has") { try correct($0, $1).execute(.id("ffffffff"), tags: ["y"]) }
        try both("a name nothing has") { try correct($0, $1).execute(.name(StopwatchName("deploy")!), tags: ["y"]) }
        try both("removed, then found no more") { store, ids in
            try RemoveRunsUseCase(
                history: store.history, stateStore: StateStore(RunHistory()), timeSource: clock, ids: ids
            )
            .execute([.id(runs[8].id.hex)]).count
        }
        try both("the removed run's id") { try correct($0, $1).execute(.id(runs[8].id.hex), tags: ["z"]) }
        try both("a join across a run between") { store, ids in
            try JoinRunsUseCase(
                history: store.history, stateStore: StateStore(RunHistory()), timeSource: clock, ids: ids
            )
            .execute(.id(runs[0].id.hex), .id(runs[4].id.hex))
        }
        try both("a join of neighbours") { store, ids in
            try JoinRunsUseCase(
                history: store.history, stateStore: StateStore(RunHistory()), timeSource: clock, ids: ids
            )
            .execute(.id(runs[10].id.hex), .id(runs[12].id.hex))
        }
    }
}

extension SnapshotLookupTests {
    @Test func aCorrectionWithADamagedPageOfTheSnapshotReadsTheWholeLog() throws {
        let name = StopwatchName("build")!
        for index in 0..<300 {
            try both("track \(index)") { store, ids in
                try TrackRunUseCase(
                    history: store.history, stateStore: StateStore(RunHistory()), timeSource: clock, timeZone: zone,
                    ids: ids
                )
                .execute(
                    name, from: .instant(clock.now().wall - .seconds(Int64(400 - index) * 3600)),
                    to: .instant(clock.now().wall - .seconds(Int64(400 - index) * 3600 - 60))
                )
                .id
            }
        }
        let runs = try stores()[0].history.read().runs().runs
        // Every byte of BY-ID changed: its pages fail their checks.
        let path = first.file("state") + "/history/snapshot-" + MachineID(naming: "test").hex
        var bytes = try #require(FileManager.default.contents(atPath: path).map { [UInt8]($0) })
        let byIDStart = bytes.count - 2 * 300 * HistorySnapshotFile.entrySize
        let byID = byIDStart..<(bytes.count - 300 * HistorySnapshotFile.entrySize)
        for offset in byID { bytes[offset] ^= 0x5a }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        // Corrected before any other reading (which would check the snapshot whole and make it again).
        let corrected = try CorrectRunUseCase(
            history: stores()[0].history, stateStore: StateStore(RunHistory()), timeSource: clock, timeZone: zone,
            ids: SequentialIDSource(seed: 3)
        )
        .execute(.id(String(runs[123].id.hex.prefix(8))), tags: ["x"])
        #expect(corrected.id == runs[123].id)
        #expect(try stores()[0].history.read().runs().runs.first { $0.id == runs[123].id }?.tags == ["x"])
    }
}

extension HistorySnapshotTests {
    @Test func anUndoOfAChangeMadeSinceTheSnapshotIsReadWithIt() throws {
        let store = snapshotting()
        for index in 0..<3 { try append(store, .track, [.run(run(index))]) }
        try expectSameReading("kept")
        let late = run(3)
        let track = try append(whole(), .track, [.run(late)])
        let undo = try append(whole(), .undo, [.undo(track.id)])
        try expectSameReading("a change and its undo since")
        try append(whole(), .redo, [.undo(undo.id)])
        try expectSameReading("and its redo")
        #expect(try snapshotting().history.read().runs().runs.contains { $0.id == late.id })
    }
}
