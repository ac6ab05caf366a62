import Dispatch
import Foundation
import StopwatchTestSupport
import Testing

@testable import StopwatchCore
@testable import StopwatchPlatform

/// What the store refuses, and what it keeps as it is when it does.
extension JSONFileStopwatchStoreTests {
    @Test(.enabled(if: geteuid() == 0, "needs root to give a directory to another user"))
    func aDirectoryOwnedByAnotherUserIsRefused() throws {
        try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: false)
        #expect(chown(stateDirectory, 65534, 65534) == 0)
        let error = #expect(throws: StoreFailure.self) { _ = try makeStore().load(name) }
        #expect(error?.kind == .cannotCreate)
        #expect(error.map { MessageMapper.phrase(for: $0.reason) }?.contains("owned by user 65534") == true)
    }

    @Test func aStateDirectoryThatIsAFileCannotBeUsed() throws {
        directory.write("state", "a file")
        let error = #expect(throws: StoreFailure.self) { try startAndLap(makeStore(), laps: 0) }
        #expect(error?.kind == .cannotCreate)
    }

    @Test func leftoversOfAKilledWriteAreCleanedUpByTheNextWrite() throws {
        let store = makeStore()
        try startAndLap(store, laps: 2)
        directory.write("state/." + journal + ".tmp", "half a write")
        directory.write("state/.other.json.tmp", "")
        let committed = try #require(directory.bytes("state/" + journal))
        let handle = try #require(FileHandle(forWritingAtPath: stateDirectory + "/" + journal))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"check":"0badf00d","lap":{"number":3,"lapMicr"#.utf8))
        handle.closeFile()

        #expect(try store.laps(of: name).count == 2, "a line torn before its commit is not read")
        #expect(try store.load(name)?.lapCount == 2)
        clock.advance(by: .seconds(1))
        try apply(store) { try $0.lapped(at: clock.now(), label: nil) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateDirectory).sorted() == [journal])
        #expect(try store.laps(of: name).map(\.number) == [1, 2, 3])
        let after = try #require(directory.bytes("state/" + journal))
        #expect(
            after.starts(with: committed) && after.filter { $0 == UInt8(ascii: "\n") }.count == 4,
            "the torn line was cut off")
    }

    @Test func aLapFileShorterThanItsStateSaysIsInvalid() throws {
        let store = makeStore()
        try startAndLap(store, laps: 2)
        try writeAs030(store)
        let lapFile = stateDirectory + "/build.laps"
        let bytes = try #require(directory.bytes("state/build.laps"))
        _ = FileManager.default.createFile(atPath: lapFile, contents: Data(bytes.prefix(10)))
        expectInvalid("build.laps") { _ = try store.laps(of: name) }
        expectInvalid("build.laps") { try apply(store) { try $0.lapped(at: clock.now(), label: nil) } }
        try FileManager.default.removeItem(atPath: lapFile)
        expectInvalid("build.laps") { _ = try store.laps(of: name) }
    }

    @Test func aCorruptLapLineIsNamed() throws {
        let store = makeStore()
        try startAndLap(store, laps: 2)
        try writeAs030(store)
        var bytes = try #require(directory.bytes("state/build.laps"))
        bytes[bytes.count - 5] = UInt8(ascii: "!")
        _ = FileManager.default.createFile(atPath: stateDirectory + "/build.laps", contents: Data(bytes))
        let error = #expect(throws: StoreFailure.self) { try store.laps(of: name) }
        #expect(error.map { MessageMapper.phrase(for: $0.reason) }?.hasPrefix("line 2 ") == true)
    }

    /// Edits one field of the state file as JSON text: `"FIELD" : OLD` becomes `"FIELD" : NEW`, OLD
    /// being a JSON string or any other value.
    func edit(_ field: String, to value: String) throws {
        let text = String(decoding: try #require(directory.bytes("state/build.json")), as: UTF8.self)
        let pattern = try Regex(#""\#(field)" : ("(\\.|[^"\\])*"|[^,\n]*)"#)
        #expect(text.contains(pattern), "the file has \(field)")
        directory.write(
            "state/build.json", text.replacing(pattern, with: "\"\(field)\" : \(value)", maxReplacements: 1))
    }

    @Test(arguments: [
        (
            "accumulatedMicroseconds", "9223372036854774807",
            "accumulatedMicroseconds 9223372036854774807 is out of range (0 to 9007199254740991)"
        ),
        (
            "accumulatedMicroseconds", "9007199254740992",
            "accumulatedMicroseconds 9007199254740992 is out of range (0 to 9007199254740991)"
        ),
        (
            "bootMicroseconds", "-9223372036854775808",
            "runningSince.bootMicroseconds -9223372036854775808 is out of range (0 to 9007199254740991)"
        ),
        (
            "wallMicroseconds", "-9223372036854775808",
            "runningSince.wallMicroseconds -9223372036854775808 is out of range (-9007199254740991 to 9007199254740991)"
        ),
        ("count", "4611686018427387904", "laps.count 4611686018427387904 is out of range (0 to 9007199254740991)"),
        ("lapMicroseconds", "-1", "laps.latest.lapMicroseconds -1 is out of range (0 to 9007199254740991)"),
        (
            "totalMicroseconds", "9223372036854775807",
            "laps.latest.totalMicroseconds 9223372036854775807 is out of range (0 to 9007199254740991)"
        ),
        (
            "label", "\"a\\u001b[2Jb\"",
            "lap 1: laps.latest.label contains a control character such as a newline, tab or escape"
        ),
        ("name", "\"two\\nlines\"", #"it names stopwatch 'two\nlines', not 'build'"#),
    ])
    func aNumberOutOfRangeOrABadLabelIsNamedAndTheFileKept(_ field: String, _ value: String, _ reason: String) throws {
        let store = makeStore()
        try startAndLap(store, laps: 1)
        try writeAs030(store)
        try edit(field, to: value)
        let before = directory.bytes("state/build.json")
        let error = #expect(throws: StoreFailure.self) { try store.load(name) }
        #expect(error.map { MessageMapper.phrase(for: $0.reason) } == "is invalid: \(reason)")
        expectInvalid("build.json") { try apply(store) { try $0.lapped(at: clock.now(), label: nil) } }
        expectInvalid("build.json") { try apply(store) { StopwatchChange(state: $0.reset()) } }
        expectInvalid("build.json") { try store.delete([name], recording: { _ in nil }) }
        #expect(try store.loadAll().failures.count == 1)
        #expect(directory.bytes("state/build.json") == before)
    }

    @Test(arguments: ["0", "3155760000000001", "9223372036854775807"])
    func aCountdownLongerThanAHundredYearsOrZeroIsInvalid(_ value: String) throws {
        let store = makeStore()
        try store.update(name) { _ in
            StopwatchChange(state: .countdown(name, duration: .seconds(60), startedAt: clock.now()))
        }
        try writeAs030(store)
        try edit("countdownMicroseconds", to: value)
        let error = #expect(throws: StoreFailure.self) { try store.load(name) }
        #expect(
            error.map { MessageMapper.phrase(for: $0.reason) }
                == "is invalid: countdownMicroseconds \(value) is out of range (1 to 3155760000000000)")
    }

    @Test func aStateThatWouldBeOutOfRangeIsNotWritten() throws {
        let store = makeStore()
        try startAndLap(store, laps: 0)
        let before = directory.bytes("state/" + journal)
        let tooLong = StopwatchState(name: name, status: .paused, accumulated: .microseconds(1 << 53))
        let error = #expect(throws: StoreFailure.self) {
            try store.update(name) { _ in StopwatchChange(state: tooLong) }
        }
        #expect(error?.kind == .invalidData)
        #expect(
            error.map { MessageMapper.phrase(for: $0.reason) }
                == "cannot be written: accumulatedMicroseconds 9007199254740992 is out of range (0 to 9007199254740991)"
        )
        #expect(directory.bytes("state/" + journal) == before)
    }

    @Test(arguments: ["directory", "fifo", "symlink"])
    func aLapFileThatIsNotARegularFileMakesTheStopwatchInvalidAndNothingChanges(_ kind: String) throws {
        let store = makeStore()
        try startAndLap(store, laps: 2)
        try writeAs030(store)
        let lapFile = stateDirectory + "/build.laps"
        try FileManager.default.removeItem(atPath: lapFile)
        switch kind {
        case "directory": try FileManager.default.createDirectory(atPath: lapFile, withIntermediateDirectories: false)
        case "fifo": #expect(mkfifo(lapFile, 0o600) == 0)
        default:
            try FileManager.default.createSymbolicLink(
                atPath: lapFile, withDestinationPath: directory.file("elsewhere"))
        }
        let before = directory.bytes("state/build.json")
        expectInvalid("build.laps") { _ = try store.load(name) }
        expectInvalid("build.laps") { _ = try store.laps(of: name) }
        expectInvalid("build.laps") { try apply(store) { try $0.lapped(at: clock.now(), label: nil) } }
        expectInvalid("build.laps") { try apply(store) { StopwatchChange(state: $0.reset()) } }
        expectInvalid("build.laps") { try store.delete([name], recording: { _ in nil }) }
        #expect(directory.bytes("state/build.json") == before)
        #expect(directory.names() == ["state"])
    }

    @Test func aLapFileLeftByADeleteIsRemovedByTheNextWrite() throws {
        let store = makeStore()
        try startAndLap(store, laps: 2)
        try writeAs030(store)
        // What a delete that committed but could not remove the lap file leaves.
        try FileManager.default.removeItem(atPath: stateDirectory + "/build.json")
        let other = StopwatchName("other")!
        try store.update(other) { _ in
            StopwatchChange(state: try StopwatchState.initial(other).started(at: clock.now()))
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: stateDirectory) == [
                makeStore().journalFile(StopwatchName("other")!)
            ])
    }

    @Test func aResetWhoseLapFileStaysBehindHasNoLaps() throws {
        let store = makeStore()
        try startAndLap(store, laps: 2)
        try writeAs030(store)
        let stale = try #require(directory.bytes("state/build.laps"))
        try apply(store) { StopwatchChange(state: $0.reset()) }
        // As if removing the lap file after the commit had failed: its bytes are not committed.
        _ = FileManager.default.createFile(atPath: stateDirectory + "/build.laps", contents: Data(stale))
        #expect(try store.laps(of: name).isEmpty)
        try apply(store) { try StopwatchChange(state: $0.started(at: clock.now())) }
        try apply(store) { try $0.lapped(at: clock.now(), label: "fresh") }
        #expect(try store.laps(of: name).map(\.label) == ["fresh"])
    }

    @Test func aBootSessionWrittenBeforeForTheInitialTimeNamespaceIsTheSameBoot() throws {
        let store = makeStore()
        try startAndLap(store, laps: 0)
        try writeAs030(store)
        let text = String(decoding: try #require(directory.bytes("state/build.json")), as: UTF8.self)
        directory.write(
            "state/build.json", text.replacingOccurrences(of: "\"boot-0\"", with: "\"boot-0 time:[4026531834]\""))
        #expect(try store.load(name)?.runningSince?.bootSession == BootSession("boot-0"))
        directory.write(
            "state/build.json", text.replacingOccurrences(of: "\"boot-0\"", with: "\"boot-0 time:[4026532177]\""))
        #expect(try store.load(name)?.runningSince?.bootSession == BootSession("boot-0 time:[4026532177]"))
    }

    @Test func namesAreReadFromTheDirectoryAloneEvenForInvalidFiles() throws {
        let store = makeStore()
        try startAndLap(store, laps: 1)
        directory.write("state/broken.json", "nope")
        directory.write("state/.hidden.json", "")
        directory.write("state/other.laps", "")
        #expect(try store.names().map(\.rawValue) == ["broken", "build"])
    }

    @Test func anInvalidFileNamesItsStopwatchForTheWayOut() throws {
        let store = makeStore()
        try startAndLap(store, laps: 1)
        directory.write("state/" + journal, "nope")
        let error = #expect(throws: StoreFailure.self) { try store.load(name) }
        #expect(error?.remedy == .deleteForce(name))
        try FileManager.default.removeItem(atPath: stateDirectory + "/" + journal)
        try FileManager.default.createDirectory(
            atPath: stateDirectory + "/" + journal, withIntermediateDirectories: false)
        let directoryError = #expect(throws: StoreFailure.self) { try store.load(name) }
        #expect(directoryError?.remedy == .removeByHand, "delete --force would not remove a directory")
    }

    @Test func deletingSeveralIsAllOrNone() throws {
        let store = makeStore()
        try startAndLap(store, laps: 2)
        let other = StopwatchName("other")!
        try store.update(other) { _ in
            StopwatchChange(state: try StopwatchState.initial(other).started(at: clock.now()))
        }
        #expect(throws: StopwatchError.noSuchStopwatch(StopwatchName("ghost")!)) {
            try store.delete([name, StopwatchName("ghost")!], recording: { _ in nil })
        }
        directory.write("state/broken.json", "nope")
        expectInvalid("broken.json") { try store.delete([name, StopwatchName("broken")!], recording: { _ in nil }) }
        #expect(try store.names().count == 3, "nothing was deleted")
        try store.delete([name, other], recording: { _ in nil })
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateDirectory) == ["broken.json"])
    }

    @Test func deleteAllRemovesWhatTheConditionPicksOrNothingWhenAFileCannotBeRead() throws {
        let store = makeStore()
        for text in ["a", "b", "c"] {
            let other = StopwatchName(text)!
            try store.update(other) { _ in
                StopwatchChange(
                    state: .countdown(other, duration: .seconds(text == "b" ? 60 : 1), startedAt: clock.now()))
            }
        }
        clock.advance(by: .seconds(2))
        #expect(
            try store.deleteAll(where: { $0.isExpired(at: clock.now()) }, recording: { _ in nil }).map(\.rawValue) == [
                "a", "c",
            ])
        #expect(try store.names().map(\.rawValue) == ["b"])
        directory.write("state/broken.json", "nope")
        expectInvalid("broken.json") { _ = try store.deleteAll(where: { _ in true }, recording: { _ in nil }) }
        #expect(try store.names().map(\.rawValue) == ["b", "broken"])
    }

    @Test func deletingTheFilesOfACorruptStopwatchRemovesSymlinksWithoutFollowingThem() throws {
        let store = makeStore()
        try startAndLap(store, laps: 1)
        try writeAs030(store)
        directory.write("state/build.json", "nope")
        try FileManager.default.removeItem(atPath: stateDirectory + "/build.laps")
        directory.write("precious", "keep")
        try FileManager.default.createSymbolicLink(
            atPath: stateDirectory + "/build.laps", withDestinationPath: directory.file("precious"))
        expectInvalid("build.json") { try store.delete([name], recording: { _ in nil }) }
        try store.deleteFiles(of: [name])
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateDirectory).isEmpty)
        #expect(directory.bytes("precious") == Array("keep".utf8))
        #expect(throws: StopwatchError.noSuchStopwatch(name)) { try store.deleteFiles(of: [name]) }
    }

    @Test func deletingTheFilesRefusesADirectoryAndRemovesNothing() throws {
        let store = makeStore()
        try startAndLap(store, laps: 1)
        try writeAs030(store)
        try FileManager.default.removeItem(atPath: stateDirectory + "/build.laps")
        try FileManager.default.createDirectory(
            atPath: stateDirectory + "/build.laps", withIntermediateDirectories: false)
        let error = #expect(throws: StoreFailure.self) { try store.deleteFiles(of: [name]) }
        #expect(error.map { MessageMapper.phrase(for: $0.reason) } == "is not a regular file")
        #expect(error?.remedy == .removeByHand)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: stateDirectory).sorted() == [
                "build.json", "build.laps",
            ])
    }

    @Test func aJournalIsReadFromItsLastWholeLineAndOneThatIsWrongIsRefusedAndKept() throws {
        let store = makeStore()
        try startAndLap(store, laps: 1)
        let committed = try #require(directory.bytes("state/" + journal))
        let state = try #require(try store.load(name))
        func expectRefused(_ bytes: [UInt8], _ reason: String) {
            _ = FileManager.default.createFile(atPath: stateDirectory + "/" + journal, contents: Data(bytes))
            let error = #expect(throws: StoreFailure.self) { try store.load(name) }
            #expect(error.map { MessageMapper.phrase(for: $0.reason) } == reason)
            expectInvalid(journal) { try apply(store) { try $0.lapped(at: clock.now(), label: nil) } }
            #expect(directory.bytes("state/" + journal) == bytes, "refused, and left as it was")
        }
        // A line whose check matches is not torn: what it says must be valid.
        var other = StopwatchFileEntity(state, updatedAt: clock.now().wall)
        other.name = "other"
        expectRefused(
            committed + JournalLine(state: other, lap: nil).bytes, "is invalid: it names stopwatch 'other', not 'build'"
        )
        let lap = try #require(state.latestLap)
        expectRefused(committed + JournalLine(state: nil, lap: LapEntity(lap)).bytes, "ends with a lap and no state")
        expectRefused(Array("{\"check\":\"00000000\",\"state\":{}}\n".utf8), "holds no line whose check matches it")
        // One torn line after the last whole one is passed over, however it was torn.
        var torn = JournalLine(state: StopwatchFileEntity(state, updatedAt: clock.now().wall), lap: nil).bytes
        torn[30] ^= 0x20
        _ = FileManager.default.createFile(atPath: stateDirectory + "/" + journal, contents: Data(committed + torn))
        #expect(try store.load(name) == state)
    }

    @Test func aHistoryLongerThanTheFirstWindowReadsRight() throws {
        let store = makeStore()
        try startAndLap(store, laps: 300)
        #expect((directory.bytes("state/" + journal)?.count ?? 0) > JSONFileStopwatchStore.tailWindow * 4)
        #expect(try store.load(name)?.lapCount == 300)
        #expect(try store.laps(of: name).count == 300)
        // More torn bytes than the first window holds: the reader looks further back.
        let handle = try #require(FileHandle(forWritingAtPath: stateDirectory + "/" + journal))
        handle.seekToEndOfFile()
        handle.write(Data(repeating: UInt8(ascii: "x"), count: JSONFileStopwatchStore.tailWindow + 100))
        handle.closeFile()
        #expect(try store.load(name)?.lapCount == 300)
        try apply(store) { try $0.lapped(at: clock.now(), label: nil) }
        #expect(try store.laps(of: name).count == 301)
    }

    @Test func concurrentWritersLoseNothing() throws {
        try startAndLap(makeStore(), laps: 0)
        let failures = Recorder<String>()
        let (path, clock, name) = (stateDirectory, clock, name)
        DispatchQueue.concurrentPerform(iterations: 50) { _ in
            do {
                // Each writer opens the directory itself, as separate processes do.
                let store = JSONFileStopwatchStore(directoryPath: path, timeSource: clock)
                try store.update(name) { try ($0 ?? .initial(name)).lapped(at: clock.now(), label: nil) }
            } catch {
                failures.record("\(error)")
            }
        }
        #expect(failures.values.isEmpty)
        #expect(try makeStore().laps(of: name).map(\.number) == Array(1...50))
        #expect(try makeStore().load(name)?.lapCount == 50)
    }
}
