import Dispatch
import Foundation
import StopwatchTestSupport
import Testing

@testable import StopwatchCore
@testable import StopwatchPlatform

@Suite struct JSONFileStopwatchStoreTests {
    let directory = TemporaryDirectory()
    let clock = ManualTimeSource()
    let name = StopwatchName("build")!
    var stateDirectory: String { directory.file("state") }
    /// The journal of `build` on this machine.
    var journal: String { makeStore().journalFile(name) }

    func makeStore() -> JSONFileStopwatchStore {
        JSONFileStopwatchStore(directoryPath: stateDirectory, timeSource: clock)
    }

    @discardableResult
    func apply(_ store: JSONFileStopwatchStore, _ transition: (StopwatchState) throws -> StopwatchChange) throws
        -> StopwatchChange?
    {
        try store.update(name) { stored in try transition(stored ?? .initial(name)) }
    }

    func startAndLap(_ store: JSONFileStopwatchStore, laps: Int) throws {
        try apply(store) { try StopwatchChange(state: $0.started(at: clock.now())) }
        for index in 0..<laps {
            clock.advance(by: .milliseconds(100 * Int64(index + 1)))
            try apply(store) { try $0.lapped(at: clock.now(), label: index == 0 ? "first, \"quoted\"" : nil) }
        }
    }

    /// Rewrites `build` as 0.3.0 wrote it, `build.json` and `build.laps` in place of its journal:
    /// what the tests of that format (still read, and carried over) start from.
    func writeAs030(_ store: JSONFileStopwatchStore) throws {
        let state = try #require(try store.load(name))
        var laps = ""
        for lap in try store.laps(of: name) { laps += JSONWriter.compact(LapEntity(lap).json) + "\n" }
        let entity = StopwatchFileEntity(state, lapBytes: Int64(laps.utf8.count), updatedAt: clock.now().wall)
        try FileManager.default.removeItem(atPath: stateDirectory + "/" + journal)
        directory.write("state/build.json", JSONWriter.pretty(entity.json) + "\n")
        if !laps.isEmpty { directory.write("state/build.laps", laps) }
    }

    func expectInvalid(_ file: String, _ body: () throws -> Void) {
        let error = #expect(throws: StoreFailure.self) { try body() }
        #expect(error?.kind == .invalidData)
        #expect(error?.path == stateDirectory + "/" + file)
    }

    @Test func roundTripsStateAndLaps() throws {
        let store = makeStore()
        try startAndLap(store, laps: 3)
        clock.suspend(for: .seconds(1))
        let paused = try #require(try apply(store) { try StopwatchChange(state: $0.paused(at: clock.now())) })

        let reopened = makeStore()
        #expect(try reopened.load(name) == paused.state)
        let laps = try reopened.laps(of: name)
        #expect(laps.map(\.number) == [1, 2, 3])
        #expect(laps.map(\.duration) == [.milliseconds(100), .milliseconds(200), .milliseconds(300)])
        #expect(laps[0].label == "first, \"quoted\"")
        #expect(laps.last == paused.state.latestLap)
        #expect(try reopened.loadAll().stopwatches == [paused.state])
    }

    @Test func aJournalLongerThanOneReadHasEveryLapOnceInOrder() throws {
        // 300 lap lines of 400 to 700 bytes: lines cross each 64 KiB piece `laps` reads.
        let store = makeStore()
        try startAndLap(store, laps: 300)
        let size = try #require(
            FileManager.default.attributesOfItem(atPath: stateDirectory + "/" + journal)[.size] as? Int)
        #expect(size > 2 * StateDirectory.readPiece)
        let laps = try makeStore().laps(of: name)
        #expect(laps.map(\.number) == Array(1...300))
        #expect(laps.last == (try store.load(name))?.latestLap)
    }

    /// Writes `build`'s journal by hand as `laps` real laps would have left it, each lap line
    /// passed through `edit` (by number) first: many laps fast, without a sync each.
    func writeJournal(laps: Int, edit: (Int, inout LapEntity) -> Void = { _, _ in }) throws {
        var state = try StopwatchState.initial(name).started(at: clock.now())
        var lines = JournalLine(state: StopwatchFileEntity(state, updatedAt: clock.now().wall), lap: nil).bytes
        for number in 1...laps {
            clock.advance(by: .milliseconds(7))
            let change = try state.lapped(at: clock.now(), label: "lap \(number)")
            state = change.state
            var lap = LapEntity(try #require(change.appendedLap))
            edit(number, &lap)
            lines += JournalLine(state: StopwatchFileEntity(state, updatedAt: clock.now().wall), lap: lap).bytes
        }
        _ = try StateDirectory.create(stateDirectory, lock: .shared, on: SystemFileSystem())
        _ = FileManager.default.createFile(atPath: stateDirectory + "/" + journal, contents: Data(lines))
    }

    @Test func aJournalReadInTwoHalvesHasEveryLapOnceInOrder() throws {
        try writeJournal(laps: 9000)
        #expect(
            try #require(
                try StateDirectory.create(stateDirectory, lock: .shared, on: SystemFileSystem()).size(of: journal))
                > JournalLaps.splitSize)
        let laps = try makeStore().laps(of: name)
        #expect(laps.map(\.number) == Array(1...9000))
        #expect(laps.map(\.label) == (1...9000).map { "lap \($0)" })
        #expect(laps.last == (try makeStore().load(name))?.latestLap)
    }

    @Test func aBadLapInTheSecondHalfIsNamedByItsLine() throws {
        try writeJournal(laps: 9000) { number, lap in
            if number == 8000 { lap.totalMicroseconds = 0 }
        }
        let error = #expect(throws: StoreFailure.self) { try makeStore().laps(of: name) }
        // Line 1 is the start; lap 8000 is line 8001.
        #expect(error.map { MessageMapper.phrase(for: $0.reason) }?.hasPrefix("line 8001 ") == true)
    }

    @Test func partsSideBySideReadEveryLineOnce() throws {
        let lines = (0..<300).map { String(repeating: "x", count: $0 % 7 == 0 ? 0 : $0 * 3) }
        let text = lines.map { $0 + "\n" }.joined()
        let opened = try StateDirectory.create(stateDirectory, lock: .shared, on: SystemFileSystem())
        directory.write("state/lines", text)
        let size = Int64(text.utf8.count)
        // Every split point around the lines' ends, and some at random.
        var random = SplitMix64(seed: 3)
        let splits: [Int64] =
            Array(0...40) + (0..<40).map { _ in Int64(random.next() % UInt64(size)) } + [size - 1, size]
        for split in splits {
            var read: [String] = []
            for part in [0..<split, split..<size] {
                #expect(
                    try opened.forEachLine(of: "lines", part: part) { read.append(String(decoding: $0, as: UTF8.self)) }
                )
            }
            #expect(read == lines, "split at \(split)")
        }
    }

    @Test func eachLineIsReadWholeWhereverThePiecesEnd() throws {
        var random = SplitMix64(seed: 7)
        var text = ""
        var lines: [String] = []
        for index in 0..<400 {
            // Mostly short lines, some longer than a piece, one empty.
            let length =
                index == 5 ? 0 : index % 97 == 0 ? StateDirectory.readPiece + 1 + index : Int(random.next() % 900)
            let line = String(repeating: String(UnicodeScalar(UInt8(97 + index % 26))), count: length)
            lines.append(line)
            text += line + "\n"
        }
        let opened = try StateDirectory.create(stateDirectory, lock: .shared, on: SystemFileSystem())
        directory.write("state/lines", text + "no newline: not a line")
        var read: [String] = []
        #expect(try opened.forEachLine(of: "lines") { read.append(String(decoding: $0, as: UTF8.self)) })
        #expect(read == lines)
        #expect(
            try opened.forEachLine(of: "absent") { _ in Issue.record("no line of a file that is not there") } == false)
    }

    @Test func readingAMissingDirectoryCreatesNothing() throws {
        let store = makeStore()
        #expect(try store.load(name) == nil)
        #expect(throws: StopwatchError.noSuchStopwatch(name)) { try store.laps(of: name) }
        #expect(try store.loadAll().stopwatches.isEmpty)
        #expect(try store.names().isEmpty)
        #expect(directory.names().isEmpty)
    }

    @Test func theDirectoryAndFilesArePrivate() throws {
        try startAndLap(makeStore(), laps: 1)
        #expect(directory.mode("state") == 0o700)
        #expect(directory.mode("state/" + journal) == 0o600)
        #expect(
            directory.names() == ["state"]
                && (try? FileManager.default.contentsOfDirectory(atPath: stateDirectory)) == [journal])
    }

    @Test func aResetStartsAJournalOfOneLineAndDeleteRemovesEverything() throws {
        let store = makeStore()
        try startAndLap(store, laps: 2)
        #expect(directory.bytes("state/" + journal).map { $0.filter { $0 == UInt8(ascii: "\n") }.count } == 3)
        try apply(store) { StopwatchChange(state: $0.reset()) }
        #expect(directory.names() == ["state"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateDirectory) == [journal])
        #expect(directory.bytes("state/" + journal).map { $0.filter { $0 == UInt8(ascii: "\n") }.count } == 1)
        try store.delete([name], recording: { _ in nil })
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateDirectory).isEmpty)
        #expect(throws: StopwatchError.noSuchStopwatch(name)) { try store.delete([name], recording: { _ in nil }) }
    }

    @Test(arguments: [
        ("{ not json", "is not valid JSON"),
        ("", "is empty"),
        ("[1, 2]", "is not a JSON object"),
        (#"{"schemaVersion": 1}"#, "is missing the field 'name'"),
    ])
    func aCorruptStateFileIsReportedAndNeverTouched(_ content: String, _ reason: String) throws {
        let store = makeStore()
        try startAndLap(store, laps: 0)
        try writeAs030(store)
        directory.write("state/build.json", content)
        let before = directory.bytes("state/build.json")

        let error = #expect(throws: StoreFailure.self) { try store.load(name) }
        #expect(error?.kind == .invalidData)
        #expect(error.map { MessageMapper.phrase(for: $0.reason) } == reason)
        expectInvalid("build.json") { try apply(store) { StopwatchChange(state: $0.reset()) } }
        expectInvalid("build.json") { try store.delete([name], recording: { _ in nil }) }
        #expect(directory.bytes("state/build.json") == before)
    }

    @Test func aStateFileOfAnotherSchemaOrNameIsInvalid() throws {
        let store = makeStore()
        try startAndLap(store, laps: 0)
        try writeAs030(store)
        let text = String(decoding: directory.bytes("state/build.json")!, as: UTF8.self)
        directory.write(
            "state/build.json", text.replacingOccurrences(of: "\"schemaVersion\" : 1", with: "\"schemaVersion\" : 9"))
        expectInvalid("build.json") { _ = try store.load(name) }
        directory.write("state/build.json", text.replacingOccurrences(of: "\"build\"", with: "\"other\""))
        expectInvalid("build.json") { _ = try store.load(name) }
    }

    @Test func aCountdownRoundTripsInTheJournalAsAStopwatchDoes() throws {
        let store = makeStore()
        try startAndLap(store, laps: 0)
        #expect(String(decoding: directory.bytes("state/" + journal)!, as: UTF8.self).contains("\"schemaVersion\":3"))
        let countdown = StopwatchState.countdown(name, duration: .milliseconds(1500), startedAt: clock.now())
        try store.update(name) { _ in StopwatchChange(state: countdown) }
        let text = String(decoding: directory.bytes("state/" + journal)!, as: UTF8.self)
        #expect(text.split(separator: "\n").last?.contains("\"countdownMicroseconds\":1500000,") == true)
        #expect(text.split(separator: "\n").last?.contains("\"schemaVersion\":3") == true)
        #expect(try makeStore().load(name) == countdown)
        let reset = countdown.reset()
        try store.update(name) { _ in StopwatchChange(state: reset) }
        #expect(try makeStore().load(name) == reset)
    }

    @Test func aCountdownsHookIsKeptInTheJournalAndOnlyThere() throws {
        let store = makeStore()
        let hook = ExpiryHook(command: "printf 'tea\\n' | wall", notify: true)
        let countdown = StopwatchState.countdown(name, duration: .seconds(60), startedAt: clock.now(), hook: hook)
        try store.update(name) { _ in StopwatchChange(state: countdown) }
        let text = String(decoding: directory.bytes("state/" + journal)!, as: UTF8.self)
        #expect(text.contains(#""hook":{"command":"printf 'tea\\n' | wall","notify":true}"#))
        #expect(try makeStore().load(name) == countdown)

        let entity = StopwatchFileEntity(countdown, updatedAt: clock.now().wall)
        var stopwatch = entity
        stopwatch.plan.countdownMicroseconds = nil
        #expect(throws: EntityError.hookWithoutCountdown) { try stopwatch.state(expecting: name) }
        #expect(throws: EntityError.hookWithoutCountdown) {
            try StopwatchFileEntity(countdown, lapBytes: 0, updatedAt: clock.now().wall).state(
                expecting: name, inJournal: false)
        }
        for command in ["", "a\0b"] {
            var bad = entity
            bad.hook?.command = command
            #expect(throws: EntityError.badHookCommand) { try bad.state(expecting: name) }
        }
    }

    @Test func aCycleRoundTripsInTheJournalWithItsPhasesAndAnchor() throws {
        let store = makeStore()
        let plan = PhaseSequence(
            phases: [Phase("work", .seconds(1500)), Phase("rest", .seconds(300))], rounds: 4,
            long: Phase("long", .seconds(900)), longEvery: 2)
        var cycle = StopwatchState.cycle(name, sequence: plan, startedAt: clock.now())
        clock.advance(by: .seconds(60))
        cycle = try cycle.nexted(at: clock.now())
        try store.update(name) { _ in StopwatchChange(state: cycle) }
        let text = String(decoding: directory.bytes("state/" + journal)!, as: UTF8.self)
        #expect(
            text.contains(
                #""sequence":{"long":{"label":"long","microseconds":900000000},"longEvery":2,"phases":[{"label":"work","microseconds":1500000000},{"label":"rest","microseconds":300000000}],"rounds":4}"#
            ))
        #expect(text.contains(#""phaseAnchor":{"atMicroseconds":60000000,"index":1}"#))
        #expect(try makeStore().load(name) == cycle)
        #expect(try makeStore().load(name)?.sequenceProgress(at: clock.now())?.phase.label == "rest")

        let entity = StopwatchFileEntity(cycle, updatedAt: clock.now().wall)
        var beside = entity
        beside.plan.countdownMicroseconds = 1_000_000
        #expect(throws: EntityError.sequenceOutsideJournal) { try beside.state(expecting: name) }
        var anchorAlone = entity
        anchorAlone.plan.sequence = nil
        #expect(throws: EntityError.phaseAnchorWithoutSequence) { try anchorAlone.state(expecting: name) }
        var badLabel = entity
        badLabel.plan.sequence?.phases[1].label = "re st"
        #expect(throws: EntityError.invalidPhaseLabel(field: "sequence.phases[1].label", .notAWord)) {
            try badLabel.state(expecting: name)
        }
        var noPhases = entity
        noPhases.plan.sequence?.phases = []
        #expect(throws: EntityError.self) { try noPhases.state(expecting: name) }
        var zero = entity
        zero.plan.sequence?.phases[0].duration = .zero
        #expect(throws: EntityError.self) { try zero.state(expecting: name) }
    }

    @Test func aCyclesEarlierAnchorsRoundTripInTheJournalAndAreChecked() throws {
        let store = makeStore()
        var cycle = StopwatchState.cycle(name, sequence: .pomodoro, startedAt: clock.now())
        for seconds: Int64 in [60, 10, 90] {
            clock.advance(by: .seconds(seconds))
            cycle = try cycle.nexted(at: clock.now())
        }
        try store.update(name) { _ in StopwatchChange(state: cycle) }
        let text = String(decoding: directory.bytes("state/" + journal)!, as: UTF8.self)
        #expect(
            text.contains(
                #""earlierPhaseAnchors":[{"atMicroseconds":60000000,"index":1},{"atMicroseconds":70000000,"index":2}]"#)
        )
        #expect(try makeStore().load(name) == cycle)

        let entity = StopwatchFileEntity(cycle, updatedAt: clock.now().wall)
        var outOfOrder = entity
        outOfOrder.earlierPhaseAnchors?.reverse()
        #expect(throws: EntityError.badEarlierPhaseAnchors) { try outOfOrder.state(expecting: name) }
        var afterTheAnchor = entity
        afterTheAnchor.earlierPhaseAnchors?.append(PhaseAnchor(index: 5, at: .seconds(200)))
        #expect(throws: EntityError.badEarlierPhaseAnchors) { try afterTheAnchor.state(expecting: name) }
        var withoutAnchor = entity
        withoutAnchor.phaseAnchor = nil
        #expect(throws: EntityError.badEarlierPhaseAnchors) { try withoutAnchor.state(expecting: name) }
        var beyond = entity
        beyond.earlierPhaseAnchors = [PhaseAnchor(index: PhaseSequence.itemizedPhases + 1, at: .seconds(1))]
        beyond.phaseAnchor?.index = PhaseSequence.itemizedPhases + 2
        #expect(throws: EntityError.badEarlierPhaseAnchors) { try beyond.state(expecting: name) }
    }

    @Test func aPhaseMadeLongerRoundTripsInTheJournalAndAnImpossibleLengthIsRefused() throws {
        let store = makeStore()
        var cycle = StopwatchState.cycle(name, sequence: .pomodoro, startedAt: clock.now())
        clock.advance(by: .seconds(60))
        cycle = try #require(cycle.addingTime(.seconds(300), at: clock.now()))
        try store.update(name) { _ in StopwatchChange(state: cycle) }
        let text = String(decoding: directory.bytes("state/" + journal)!, as: UTF8.self)
        #expect(text.contains(#""phaseAnchor":{"atMicroseconds":0,"extraMicroseconds":300000000,"index":0}"#))
        #expect(try makeStore().load(name) == cycle)
        var tooShort = StopwatchFileEntity(cycle, updatedAt: clock.now().wall)
        tooShort.phaseAnchor?.extraMicroseconds = -25 * 60_000_000 - 1
        #expect(throws: EntityError.badPhaseExtra) { try tooShort.state(expecting: name) }
    }

    @Test(arguments: [
        ("\"schemaVersion\" : 2", "\"schemaVersion\" : 1"),
        ("\"countdownMicroseconds\" : 1500000", "\"countdownMicroseconds\" : 0"),
        (",\n  \"countdownMicroseconds\" : 1500000", ""),
    ])
    func aCountdownFileThatBreaksTheSchemaIsInvalid(_ original: String, _ broken: String) throws {
        let store = makeStore()
        try store.update(name) { _ in
            StopwatchChange(state: .countdown(name, duration: .milliseconds(1500), startedAt: clock.now()))
        }
        try writeAs030(store)
        let text = String(decoding: directory.bytes("state/build.json")!, as: UTF8.self)
        #expect(text.contains(original))
        directory.write("state/build.json", text.replacingOccurrences(of: original, with: broken))
        expectInvalid("build.json") { _ = try store.load(name) }
    }

    @Test func listingReportsUnreadableFilesAndListsTheRest() throws {
        let store = makeStore()
        try startAndLap(store, laps: 0)
        directory.write("state/broken.json", "nope")
        directory.write("state/.hidden.json", "ignored")
        let listing = try store.loadAll()
        #expect(listing.stopwatches.map(\.name) == [name])
        #expect(listing.failures.count == 1)
        #expect((listing.failures.first as? StoreFailure)?.path == stateDirectory + "/broken.json")
    }

    @Test func aSymlinkedStateFileIsRefusedAndItsTargetUntouched() throws {
        let store = makeStore()
        try startAndLap(store, laps: 0)
        try FileManager.default.removeItem(atPath: stateDirectory + "/" + journal)
        directory.write("target.json", "precious")
        try FileManager.default.createSymbolicLink(
            atPath: stateDirectory + "/" + journal, withDestinationPath: directory.file("target.json"))
        expectInvalid(journal) { _ = try store.load(name) }
        expectInvalid(journal) { try apply(store) { try StopwatchChange(state: $0.started(at: clock.now())) } }
        #expect(directory.bytes("target.json") == Array("precious".utf8))
    }

    @Test func aSymlinkedStateDirectoryIsRefused() throws {
        try FileManager.default.createDirectory(atPath: directory.file("real"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: stateDirectory, withDestinationPath: directory.file("real"))
        let error = #expect(throws: StoreFailure.self) { try startAndLap(makeStore(), laps: 0) }
        #expect(error?.kind == .cannotCreate)
        #expect(error.map { MessageMapper.phrase(for: $0.reason) }?.contains("symbolic link") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("real")).isEmpty)
    }
}
