import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// What every `WaiterMarks` must do, checked on the adapter (locks on files) and on the fake
/// alike: a mark never taken is not held, a mark taken is, for that name only, and by one holder
/// at a time; the away watcher's is apart from every run's.
@Suite struct WaiterMarksTests {
    let directory = TemporaryDirectory()

    func contract(_ marks: any WaiterMarks) {
        let tea = StopwatchName("tea")!
        let egg = StopwatchName("egg")!
        #expect(!marks.isHeld(.hook(tea)))
        #expect(marks.hold(.hook(tea)))
        #expect(marks.isHeld(.hook(tea)))
        #expect(!marks.isHeld(.hook(egg)))
        #expect(!marks.isHeld(.away), "the away watcher's mark is no run's")
        #expect(marks.hold(.away) && marks.isHeld(.away))
    }

    @Test func locksOnFilesKeepTheContract() throws {
        try JSONFileStopwatchStore.prepareDirectory(directory.file("state"))
        contract(FlockWaiterMarks(stateDirectory: directory.file("state")))
    }

    @Test func theFakeKeepsTheContractAndLetsGoAsAKilledWaiterWould() {
        let marks = InMemoryWaiterMarks()
        contract(marks)
        marks.letGo(.hook(StopwatchName("tea")!))
        #expect(!marks.isHeld(.hook(StopwatchName("tea")!)))
    }

    @Test func aSecondHolderIsRefusedAsASecondWatcherStartedInTheSameInstantWouldBe() throws {
        try JSONFileStopwatchStore.prepareDirectory(directory.file("state"))
        #expect(FlockWaiterMarks(stateDirectory: directory.file("state")).hold(.away))
        // Another open file, as another process's: refused at once, not blocked.
        #expect(!FlockWaiterMarks(stateDirectory: directory.file("state")).hold(.away))
        let fake = InMemoryWaiterMarks()
        #expect(fake.hold(.away) && !fake.hold(.away))
    }

    @Test func aMarkHeldIsSeenFromAnotherOpenFileAsAnotherProcessWould() throws {
        let marks = FlockWaiterMarks(stateDirectory: directory.file("state"))
        try JSONFileStopwatchStore.prepareDirectory(directory.file("state"))
        marks.hold(.hook(StopwatchName("tea")!))
        // A second look from another open file, as another process's: held while this one lives.
        #expect(FlockWaiterMarks(stateDirectory: directory.file("state")).isHeld(.hook(StopwatchName("tea")!)))
    }
}
