import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// A snapshot read by pages (`HistorySnapshotFile.paged`): its searches by halving find what a
/// scan of every run finds, it reads a few pages to find one run, and a page that fails its check
/// is noticed, never read as runs.
@Suite struct PagedSnapshotTests {
    let directory = TemporaryDirectory()
    let names = ["build", "test", "deploy"].map { StopwatchName($0)! }

    /// `count` runs of three names, some overlapping, some starting or ending at once, a few
    /// taken out.
    func runs(_ count: Int, using random: inout SplitMix64) -> (runs: [RunRecord], removed: [Bool]) {
        let ids = SequentialIDSource(seed: random.next())
        var runs: [RunRecord] = []
        for _ in 0..<count {
            let start = Duration.seconds(1_700_000_000 + Int64(random.next() % 400) * 600)
            let length = Duration.seconds(Int64(random.next() % 4) * 600)
            runs.append(
                RunRecord(
                    id: ids.next(), name: names[Int(random.next() % 3)], plan: .open, startedAt: start,
                    endedAt: start + length, elapsed: length,
                    isEstimated: false, lapCount: 0
                )
            )
        }
        return (runs, runs.map { _ in random.next() % 7 == 0 })
    }

    func write(_ bytes: [UInt8]) throws {
        let state = try StateDirectory.create(directory.path, lock: .exclusive, on: SystemFileSystem())
        try state.replace("snapshot", with: bytes)
    }

    /// The snapshot file in the directory, opened to be read by pages.
    func paged() throws -> (table: HistorySnapshot, pages: PagedSnapshotBytes)? {
        let state = try #require(try StateDirectory.open(directory.path, lock: .shared, on: SystemFileSystem()))
        let opened = try #require(try state.openForReading("snapshot"))
        return HistorySnapshotFile.paged(opened).map { ($0.file.snapshot, $0.pages) }
    }

    func file(_ runs: [RunRecord], removed: [Bool]) -> HistorySnapshotFile {
        HistorySnapshotFile(
            earlier: nil, files: [], sequence: 0, damaged: [], snapshot: HistorySnapshot(runs: runs, isRemoved: removed)
        )
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func everySearchFindsWhatAScanFinds(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let (runs, removed) = runs(300 + Int(random.next() % 500), using: &random)
        try write(file(runs, removed: removed).bytes)
        let (snapshot, pages) = try #require(try paged())
        let scan = HistorySnapshot(runs: runs, isRemoved: removed)
        #expect(snapshot == scan, "every run reads back")
        for _ in 0..<300 {
            let run = runs[Int(random.next() % UInt64(runs.count))]
            let prefix = EventID.Prefix(String(run.id.hex.prefix(Int(1 + random.next() % 4))))
            #expect(snapshot.positions(withIDPrefix: prefix) == scan.positions(withIDPrefix: prefix))
            let name = names[Int(random.next() % 3)]
            let skip = random.next()
            let isWanted = { (index: Int) in !removed[index] && (index &+ Int(truncatingIfNeeded: skip)) % 4 != 0 }
            #expect(snapshot.latest(named: name, where: isWanted) == scan.latest(named: name, where: isWanted))
            #expect(snapshot.latestEnded(where: isWanted) == scan.latestEnded(where: isWanted))
            let (start, end) = (
                run.startedAt - .seconds(Int64(random.next() % 3) * 300),
                run.endedAt + .seconds(Int64(random.next() % 3) * 300)
            )
            // A superset of those that overlap: the same once each is checked.
            let overlaps = { (index: Int) in snapshot.startedAt(at: index) < end && start < snapshot.endedAt(at: index)
            }
            #expect(
                snapshot.positions(named: name, startingBefore: end, endingAfter: start).filter(overlaps)
                    == scan.positions(named: name, startingBefore: end, endingAfter: start).filter(overlaps))
        }
        #expect(!pages.failed)
    }

    @Test func oneRunIsFoundInAFewPages() throws {
        var random = SplitMix64(seed: 9)
        let (runs, removed) = runs(5000, using: &random)
        try write(file(runs, removed: removed).bytes)
        let (snapshot, pages) = try #require(try paged())
        let wanted = runs[4321]
        let found = snapshot.positions(withIDPrefix: EventID.Prefix(wanted.id.hex))
        #expect(found == [4321] && snapshot.run(at: 4321) == wanted)
        let all = (HistorySnapshotFile.rowSize * 5000) / HistorySnapshotFile.pageSize
        #expect(pages.pagesRead <= 8, "\(pages.pagesRead) of more than \(all) pages")
        #expect(!pages.failed)
    }

    @Test func aPageThatFailsItsCheckIsNoticedAndTheHeadIsCheckedWhole() throws {
        var random = SplitMix64(seed: 5)
        let (runs, removed) = runs(400, using: &random)
        let bytes = file(runs, removed: removed).bytes
        var damaged = bytes
        damaged[damaged.count - 100] ^= 0x40
        try write(damaged)
        let (snapshot, pages) = try #require(try paged())
        for index in runs.indices { _ = snapshot.run(at: index) }
        #expect(!pages.failed, "the runs' pages are whole")
        for run in runs { _ = snapshot.latest(named: run.name) { _ in true } }
        #expect(pages.failed, "BY-NAME's last page is not")
        #expect(HistorySnapshotFile(damaged) == nil, "read whole, it is refused")

        var head = bytes
        head[HistorySnapshotFile.magic.count + 10] ^= 1
        try write(head)
        #expect(try paged() == nil)
        try write(Array(bytes.dropLast()))
        #expect(try paged() == nil, "a torn file")
    }
}
