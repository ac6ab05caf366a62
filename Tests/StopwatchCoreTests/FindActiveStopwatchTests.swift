import StopwatchCore
import StopwatchTestSupport
import Synchronization
import Testing

/// `list --quiet`'s question, whether anything runs, read one state file at a time: it stops at the
/// first running or paused one.
@Suite struct FindActiveStopwatchTests {
    /// The in-memory store, counting the stopwatches loaded one by one, and failing for some names
    /// as an unreadable file does.
    final class CountingStore: StopwatchStore {
        let base: InMemoryStopwatchStore
        let unreadable: Set<String>
        let loaded = Mutex<[String]>([])

        init(_ base: InMemoryStopwatchStore, unreadable: Set<String> = []) {
            self.base = base
            self.unreadable = unreadable
        }

        struct Unreadable: Error {}

        func load(_ name: StopwatchName, on machine: String?) throws -> StopwatchState? {
            loaded.withLock { $0.append(name.rawValue) }
            if unreadable.contains(name.rawValue) { throw Unreadable() }
            return try base.load(name, on: machine)
        }
        func laps(of name: StopwatchName, on machine: String?) throws -> [Lap] { try base.laps(of: name, on: machine) }
        func loadAll() throws -> StopwatchListing { try base.loadAll() }
        func names() throws -> [StopwatchName] { try base.names() }
        func update(_ name: StopwatchName, _ transform: (StopwatchState?) throws -> StopwatchChange?) throws
            -> StopwatchChange?
        {
            try base.update(name, transform)
        }
        func delete(
            _ names: [StopwatchName], on machines: [StopwatchName: String],
            recording: ([StopwatchState]) -> HistoryChange?
        ) throws {
            try base.delete(names, on: machines, recording: recording)
        }
        func deleteAll(where condition: (StopwatchState) -> Bool, recording: ([StopwatchState]) -> HistoryChange?)
            throws -> [StopwatchName]
        {
            try base.deleteAll(where: condition, recording: recording)
        }
        func deleteFiles(of names: [StopwatchName]) throws { try base.deleteFiles(of: names) }
    }

    let clock = ManualTimeSource()
    let base = InMemoryStopwatchStore()

    func start(_ name: String) throws {
        try StartStopwatchUseCase(
            store: base, stateStore: StateStore(.initial(StopwatchName(name)!)), timeSource: clock,
            ids: SequentialIDSource.shared
        ).execute(StopwatchName(name)!)
    }

    func find(in store: CountingStore, countdownsOnly: Bool = false) throws -> [String] {
        try FindActiveStopwatchUseCase(store: store, stateStore: StateStore(StopwatchListing())).execute(
            countdownsOnly: countdownsOnly
        ).stopwatches.map(\.name.rawValue)
    }

    @Test func itStopsAtTheFirstRunningOrPausedOne() throws {
        for name in ["a", "b", "c", "d"] { try start(name) }
        try ResetStopwatchUseCase(
            store: base, stateStore: StateStore(.initial(StopwatchName("a")!)), timeSource: clock,
            ids: SequentialIDSource.shared
        ).execute(StopwatchName("a")!)
        let store = CountingStore(base)
        #expect(try find(in: store) == ["b"])
        #expect(store.loaded.withLock { $0 } == ["a", "b"], "nothing read after it")
    }

    @Test func nothingActiveReadsEveryOneAndFindsNone() throws {
        try start("a")
        try ResetStopwatchUseCase(
            store: base, stateStore: StateStore(.initial(StopwatchName("a")!)), timeSource: clock,
            ids: SequentialIDSource.shared
        ).execute(StopwatchName("a")!)
        let store = CountingStore(base)
        #expect(try find(in: store).isEmpty)
        #expect(try find(in: store, countdownsOnly: true).isEmpty)
    }

    @Test func anUnreadableOneIsPassedOverAndReportedOnlyWhenNoneAnswers() throws {
        for name in ["a", "b"] { try start(name) }
        let listing = try FindActiveStopwatchUseCase(
            store: CountingStore(base, unreadable: ["a"]), stateStore: StateStore(StopwatchListing())
        ).execute()
        #expect(listing.stopwatches.map(\.name.rawValue) == ["b"] && listing.failures.isEmpty)
        let none = try FindActiveStopwatchUseCase(
            store: CountingStore(base, unreadable: ["a", "b"]), stateStore: StateStore(StopwatchListing())
        ).execute()
        #expect(none.stopwatches.isEmpty && none.failures.count == 2)
    }
}
