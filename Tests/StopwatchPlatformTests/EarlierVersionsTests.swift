import Foundation
import StopwatchTestSupport
import Testing

@testable import StopwatchCore
@testable import StopwatchPlatform

/// State directories written by earlier versions (built from their commits: 0.2.0 75077f4, 0.3.0
/// a05f998), kept as fixtures, are read as they are and carried over to journals by their next
/// change: nothing a user recorded is lost on upgrade.
@Suite struct EarlierVersionsTests {
    let clock = ManualTimeSource(wall: .seconds(1_795_600_000))
    let directory = TemporaryDirectory()

    /// A copy of the fixture `name` (under Fixtures/), for a test to change.
    func copy(_ name: String) throws -> JSONFileStopwatchStore {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/" + name)
        for file in try FileManager.default.contentsOfDirectory(atPath: fixture.path) {
            try FileManager.default.copyItem(
                atPath: fixture.appendingPathComponent(file).path, toPath: directory.file(file))
        }
        return JSONFileStopwatchStore(directoryPath: directory.path, timeSource: clock)
    }

    @Test func aDirectoryWrittenBy030IsReadAsItIs() throws {
        let store = try copy("state-0.3.0")
        let listing = try store.loadAll()
        #expect(listing.failures.isEmpty)
        let states = Dictionary(uniqueKeysWithValues: listing.stopwatches.map { ($0.name.rawValue, $0) })
        #expect(states.keys.sorted() == ["build", "egg", "held", "idle", "tea"])
        #expect(states["build"]?.status == .paused && states["build"]?.lapCount == 3)
        #expect(states["build"]?.accumulated == .microseconds(27_157))
        #expect(states["held"]?.status == .paused && states["idle"]?.status == .initial)
        #expect(states["tea"]?.countdown == .microseconds(1_500_000_000) && states["tea"]?.lapCount == 1)
        #expect(states["egg"]?.countdown == .microseconds(1_000))
        let laps = try store.laps(of: StopwatchName("build")!)
        #expect(laps.map(\.label) == ["compile", "link ✓", nil])
        #expect(laps.map(\.total) == [.microseconds(7_048), .microseconds(13_910), .microseconds(20_402)])
    }

    @Test func aDirectoryWrittenBy020IsReadAndCarriedOver() throws {
        let store = try copy("state-0.2.0")
        let listing = try store.loadAll()
        #expect(listing.failures.isEmpty)
        #expect(listing.stopwatches.map(\.name.rawValue) == ["build", "idle", "tea"])
        let build = StopwatchName("build")!
        #expect(try store.load(build)?.lapCount == 2)
        #expect(try store.laps(of: build).map(\.label) == ["compile", nil])
        let container = DependencyContainer(
            store: store, history: store.history, timeSource: clock, output: RecordingOutput(),
            messages: RecordingOutput())
        try ViewModelFactory(container: container).makeStopwatchViewModel(build).handle(.resume)
        #expect(try store.laps(of: build).map(\.label) == ["compile", nil], "carried over")
        #expect(directory.names().filter { $0.hasPrefix("build") } == [store.journalFile(build)])
    }

    @Test func itGoesOnWorkingLapsAndAll() throws {
        let store = try copy("state-0.3.0")
        let build = StopwatchName("build")!
        let container = DependencyContainer(
            store: store, history: store.history, timeSource: clock, output: RecordingOutput(),
            messages: RecordingOutput())
        let viewModel = ViewModelFactory(container: container).makeStopwatchViewModel(build)
        try viewModel.handle(.resume)
        clock.advance(by: .seconds(2))
        try viewModel.handle(.lap(label: "after the upgrade"))
        #expect(
            directory.names().filter { $0.hasPrefix("build") } == [store.journalFile(build)],
            "carried over to this machine's journal")
        let laps = try store.laps(of: build)
        #expect(laps.map(\.number) == [1, 2, 3, 4])
        #expect(laps.last?.label == "after the upgrade")
        #expect(laps.last?.total == .microseconds(2_027_157), "the time kept, and two seconds more")
        try ViewModelFactory(container: container).makeStopwatchListViewModel().handle(.delete([StopwatchName("tea")!]))
        #expect(try store.names().map(\.rawValue) == ["build", "egg", "held", "idle"])
    }
}
