import Foundation
import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// A simulated power cut after every operation of every command that changes state, under every
/// way the disk could have been left (`PowerLossFileSystem`), or a seeded sample of them when
/// there are too many: the store reopened on what survived must work for every command, and show
/// each stopwatch as it was before the command or after it, never a mix, with its laps whole or
/// absent, and its runs in history with it (a run that ended is current or in history, never both
/// and never neither); after it, once the command had returned.
@Suite struct PowerLossTests {
    let home = "/home/user/.local/state/stopwatch"
    let clock = ManualTimeSource()

    /// A command, as the command line performs it.
    enum Step: Sendable, CustomStringConvertible {
        case action(String, StopwatchAction)
        case delete([String])
        /// `delete --expired`.
        case deleteExpired
        /// `delete --force`.
        case deleteFiles([String])
        /// The background waiter's claim of a countdown's hook at zero.
        case fireHook(String)
        /// `track 09:00 10:30 NAME`: a block told after the fact.
        case track(String)
        /// `edit NAME --start -1m --tag fixed`: a correction of the run `NAME` names.
        case edit(String)
        /// `remove NAME`: the run `NAME` names taken out.
        case removeRun(String)
        /// `undo`, or `redo`; `names` the stopwatches they touch, for the check afterwards.
        case undo(redo: Bool, names: [String])

        var names: [String] {
            switch self {
            case .action(let name, _), .fireHook(let name), .track(let name), .edit(let name), .removeRun(let name):
                [name]
            case .delete(let names), .deleteFiles(let names), .undo(_, let names): names
            case .deleteExpired: ["tea"]
            }
        }

        var description: String {
            switch self {
            case .action(let name, let action): "\(action) \(name)"
            case .delete(let names): "delete \(names.joined(separator: " "))"
            case .deleteExpired: "delete --expired"
            case .deleteFiles(let names): "delete --force \(names.joined(separator: " "))"
            case .fireHook(let name): "fire the hook of \(name) (its claim, and its events to a recording sink)"
            case .track(let name): "track 09:00 10:30 \(name)"
            case .edit(let name): "edit \(name) --start -1m --tag fixed"
            case .removeRun(let name): "remove \(name)"
            case .undo(let redo, _): redo ? "redo" : "undo"
            }
        }
    }

    /// What a reader sees: each stopwatch's state and its number of laps, and the runs history
    /// holds of each name.
    struct Observed: Equatable, CustomStringConvertible {
        var states: [String: StopwatchState]
        var laps: [String: Int]
        var runs: [String: [RunRecord]] = [:]

        var description: String {
            let stopwatches = states.keys.sorted().map {
                "\($0): \(states[$0]!.status) \(states[$0]!.lapCount) laps, \(laps[$0] ?? -1) read"
            }
            return (stopwatches + runs.keys.sorted().map { "\($0): \(runs[$0]!.count) runs kept" }).joined(
                separator: "; ")
        }
    }

    func store(on fileSystem: PowerLossFileSystem) -> JSONFileStopwatchStore {
        JSONFileStopwatchStore(directoryPath: home, timeSource: clock, fileSystem: fileSystem)
    }

    func perform(_ step: Step, on fileSystem: PowerLossFileSystem) throws {
        // The same ids each time a step is performed on the same files, so that a cut run and a
        // whole one compare; other ids after other steps.
        var seed: UInt64 = 0xcbf2_9ce4_8422_2325
        let files = fileSystem.currentImage.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.count)" }
        for byte in (step.description + files.joined(separator: ",")).utf8 {
            seed = (seed ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let stopwatches = store(on: fileSystem)
        let container = DependencyContainer(
            store: stopwatches, history: stopwatches.history, timeSource: clock, ids: SequentialIDSource(seed: seed),
            output: RecordingOutput(), messages: RecordingOutput(),
            hookSinks: [RecordingHookEventSink()]
        )
        let viewModels = ViewModelFactory(container: container)
        switch step {
        case .action(let name, let action): try viewModels.makeStopwatchViewModel(StopwatchName(name)!).handle(action)
        case .delete(let names):
            try viewModels.makeStopwatchListViewModel().handle(.delete(names.map { StopwatchName($0)! }))
        case .deleteExpired: try viewModels.makeStopwatchListViewModel().handle(.deleteExpired)
        case .deleteFiles(let names):
            try viewModels.makeStopwatchListViewModel().handle(.deleteFiles(names.map { StopwatchName($0)! }))
        case .fireHook(let name): _ = try viewModels.makeStopwatchViewModel(StopwatchName(name)!).fireHookEvents()
        case .track(let name):
            try viewModels.makeHistoryViewModel().track(
                StopwatchName(name)!, from: .time(TimeOfDay("09:00")!), to: .time(TimeOfDay("10:30")!))
        case .edit(let name):
            try viewModels.makeHistoryViewModel().edit(
                .name(StopwatchName(name)!), start: .by(.seconds(-60)), end: nil, name: nil, tags: ["fixed"])
        case .removeRun(let name): try viewModels.makeHistoryViewModel().remove([.name(StopwatchName(name)!)])
        case .undo(let redo, _): _ = try viewModels.makeHistoryViewModel().undo(redo: redo)
        }
    }

    /// The files after `steps`, all made durable, as if the disk had caught up.
    func image(after steps: [Step]) throws -> PowerLossFileSystem.Image {
        let fileSystem = PowerLossFileSystem(home: home)
        for step in steps {
            try perform(step, on: fileSystem)
            clock.advance(by: .milliseconds(1_250))
        }
        return fileSystem.currentImage
    }

    /// Reads every stopwatch and its laps from `image`; throws if any cannot be read. Without
    /// `readingLaps`, each lap count is the state's, which `load` has checked against the lap
    /// file's length.
    func observe(_ image: PowerLossFileSystem.Image, readingLaps: Bool = true) throws -> Observed {
        let store = store(on: PowerLossFileSystem(home: home, image: image))
        let listing = try store.loadAll()
        if let failure = listing.failures.first { throw failure }
        var observed = Observed(states: [:], laps: [:])
        for state in listing.stopwatches {
            observed.states[state.name.rawValue] = state
            observed.laps[state.name.rawValue] = readingLaps ? try store.laps(of: state.name).count : state.lapCount
        }
        let history = try store.history.read().runs(hiding: Set(listing.stopwatches.compactMap(\.currentRunID)))
        #expect(history.damaged.isEmpty, "a torn record is cut off by the next, never left to read as damaged")
        for run in history.runs {
            observed.runs[run.name.rawValue, default: []].append(run)
            // A run kept has its laps kept whole: they are written before its record.
            if readingLaps {
                #expect(try store.history.laps(ofRun: run).count == run.lapCount, "the laps of \(run.name)'s run kept")
            }
        }
        return observed
    }

    /// A running stopwatch `big` with `count` laps of a millisecond each, made directly rather
    /// than by `count` commands: as this machine's journal (its laps as lines, then its state), as
    /// 0.4.0 named it (`big.jsonl`), or as 0.3.0 wrote it (`big.json` and `big.laps`).
    func history(_ count: Int, asWrittenBy030: Bool = false, namedAs040: Bool = false) -> PowerLossFileSystem.Image {
        let start = clock.now()
        var lines: [UInt8] = []
        lines.reserveCapacity(count * 150)
        var latest: Lap?
        for number in 1...count {
            let lap = Lap(
                number: number, duration: .milliseconds(1), total: .milliseconds(number), label: nil,
                recordedAt: start.wall + .milliseconds(number))
            lines +=
                asWrittenBy030
                ? Array((JSONWriter.compact(LapEntity(lap).json) + "\n").utf8)
                : JournalLine(state: nil, lap: LapEntity(lap)).bytes
            latest = lap
        }
        let state = StopwatchState(
            name: StopwatchName("big")!, status: .running, runningSince: start, lapCount: count, latestLap: latest,
            startedAt: start.wall
        )
        clock.advance(by: .milliseconds(count) + .seconds(1))
        guard asWrittenBy030 else {
            let file =
                namedAs040
                ? "big.jsonl" : store(on: PowerLossFileSystem(home: home, image: nil)).journalFile(state.name)
            return [file: lines + JournalLine(state: StopwatchFileEntity(state, updatedAt: start.wall), lap: nil).bytes]
        }
        let entity = StopwatchFileEntity(state, lapBytes: Int64(lines.count), updatedAt: start.wall)
        return ["big.json": Array((JSONWriter.pretty(entity.json) + "\n").utf8), "big.laps": lines]
    }

    /// Cuts the power after each operation `step` makes, following `setup`, and checks what
    /// survives under every loss pattern; returns how many images were checked.
    @discardableResult
    func checkEveryPowerCut(
        during step: Step, after setup: [Step] = [], from image: PowerLossFileSystem.Image? = nil,
        directoryExists: Bool = true,
        readingLaps: Bool = true
    ) throws -> Int {
        let before: PowerLossFileSystem.Image? = directoryExists ? try image ?? self.image(after: setup) : nil
        let old = try observe(before ?? [:], readingLaps: readingLaps)
        let whole = PowerLossFileSystem(home: home, image: before)
        try perform(step, on: whole)
        let operations = whole.operationCount
        let new = try observe(whole.currentImage, readingLaps: readingLaps)
        #expect(old != new, "\(step) changes something")
        var checked = 0
        for cut in 1...operations {
            let fileSystem = PowerLossFileSystem(home: home, image: before)
            fileSystem.cutPower(after: cut)
            let returned = (try? perform(step, on: fileSystem)) != nil
            let seed = UInt64(cut) &* 0x2545_F491_4F6C_DD1D
            for survivor in fileSystem.survivors(limit: 512, seed: seed) {
                let context = "\(step): power cut after operation \(cut) of \(operations), seed \(seed)"
                let observed: Observed
                do {
                    observed = try observe(survivor, readingLaps: readingLaps)
                } catch {
                    Issue.record("\(context): unreadable afterwards: \(error)")
                    continue
                }
                for (name, state) in observed.states {
                    #expect(
                        observed.laps[name] == state.lapCount, "\(context): the laps of \(name) are whole or absent")
                }
                if returned {
                    #expect(observed == new, "\(context): the command had returned, yet \(observed)")
                } else {
                    // Each stopwatch as it was or as it became: a deletion of two may have taken
                    // one of them only.
                    // Its runs in history go with it: a run that ended is current or kept, never both
                    // and never neither.
                    for name in Set(old.states.keys).union(new.states.keys).union(observed.states.keys) {
                        var (was, became, now) = (old.states[name], new.states[name], observed.states[name])
                        if case .fireHook = step, let claimed = now, became != nil {
                            // A claim and the delivery after it are two changes: a cut between them
                            // leaves the edges claimed and marked not handed on.
                            became?.undeliveredEdges = claimed.undeliveredEdges
                        }
                        let (wasKept, becameKept, nowKept) = (
                            old.runs[name] ?? [], new.runs[name] ?? [], observed.runs[name] ?? []
                        )
                        #expect(
                            (now == was && nowKept == wasKept) || (now == became && nowKept == becameKept),
                            "\(context): \(name) neither before (\(old)) nor after (\(new)): \(observed)"
                        )
                    }
                }
                // Every command works afterwards: a change that applies whatever the status (restart
                // creates a stopwatch that is not there), then a read.
                let afterwards = PowerLossFileSystem(home: home, image: survivor)
                for name in step.names {
                    #expect(throws: Never.self, "\(context): restart \(name) afterwards") {
                        try perform(.action(name, .restart), on: afterwards)
                    }
                }
                #expect(throws: Never.self, "\(context): reading afterwards") {
                    _ = try observe(afterwards.currentImage, readingLaps: readingLaps)
                }
                checked += 1
            }
        }
        print("power loss: \(step) after \(setup.count) steps: \(operations) operations, \(checked) images checked")
        return checked
    }

    @Test func theFirstStartCreatesTheStopwatchOrNothing() throws {
        try checkEveryPowerCut(during: .action("build", .start), after: [])
    }

    @Test func theVeryFirstCommandMakesTheStateDirectoryDurableToo() throws {
        // The directory is made by the first command; until its parent is synced, a power cut
        // could take it, and the stopwatch the command reported, with it.
        try checkEveryPowerCut(during: .action("build", .start), after: [], directoryExists: false)
    }

    @Test func aLapIsWholeOrAbsent() throws {
        let setup: [Step] = [
            .action("build", .start), .action("build", .lap(label: "one")), .action("build", .lap(label: nil)),
        ]
        let checked = try checkEveryPowerCut(during: .action("build", .lap(label: "three")), after: setup)
        #expect(checked > 3)
    }

    @Test func aLapAt100000LapsIsWholeOrAbsent() throws {
        let checked = try checkEveryPowerCut(
            during: .action("big", .lap(label: "100001")), from: history(100_000), readingLaps: false)
        #expect(checked > 3)
        // Whole: the history read back once, every lap in order, the new one last.
        let fileSystem = PowerLossFileSystem(home: home, image: history(100_000))
        try perform(.action("big", .lap(label: "100001")), on: fileSystem)
        let laps = try store(on: PowerLossFileSystem(home: home, image: fileSystem.currentImage)).laps(
            of: StopwatchName("big")!)
        #expect(laps.count == 100_001 && laps.last?.label == "100001" && laps.last?.number == 100_001)
    }

    @Test func carryingOverALongHistoryFrom030IsAllOrNothing() throws {
        let checked = try checkEveryPowerCut(
            during: .action("big", .pause), from: history(10_000, asWrittenBy030: true), readingLaps: false)
        #expect(checked > 10)
    }

    /// The journal 0.4.0 named `big.jsonl` becomes this machine's by the next change: its lines
    /// and the change's in a new journal, then the old one removed.
    @Test(arguments: [StopwatchAction.lap(label: "carried"), .reset])
    func carryingOverAJournal040NamedIsAllOrNothing(_ action: StopwatchAction) throws {
        let checked = try checkEveryPowerCut(during: .action("big", action), from: history(1_000, namedAs040: true))
        #expect(checked > 3)
    }

    @Test func carryingOverTheDirectory030WroteIsAllOrNothing() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/state-0.3.0")
        var image: PowerLossFileSystem.Image = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: fixture.path) {
            image[file] = Array(try Data(contentsOf: fixture.appendingPathComponent(file)))
        }
        try checkEveryPowerCut(during: .action("build", .resume), from: image)
        try checkEveryPowerCut(during: .action("tea", .lap(label: "carried")), from: image)
        try checkEveryPowerCut(during: .action("build", .reset), from: image)
    }

    @Test(arguments: [StopwatchAction.pause, .toggle, .restart, .reset])
    func aChangeOfARunningStopwatchWithLapsIsAllOrNothing(_ action: StopwatchAction) throws {
        let setup: [Step] = [.action("build", .start), .action("build", .lap(label: nil)), .action("other", .start)]
        try checkEveryPowerCut(during: .action("build", action), after: setup)
    }

    @Test func aResumeIsAllOrNothing() throws {
        let setup: [Step] = [.action("build", .start), .action("build", .pause)]
        try checkEveryPowerCut(during: .action("build", .resume), after: setup)
    }

    @Test func countdownsAreCreatedReplacedAndExtendedAllOrNothing() throws {
        let tea: Step = .action("tea", .startCountdown(.duration(.seconds(300)), replacing: false))
        try checkEveryPowerCut(during: tea, after: [])
        try checkEveryPowerCut(during: .action("tea", .addTime(.seconds(60))), after: [tea])
        try checkEveryPowerCut(
            during: .action("tea", .startCountdown(.duration(.seconds(60)), replacing: true)),
            after: [tea, .action("tea", .lap(label: nil))]
        )
    }

    @Test func aHookIsClaimedAllOrNothing() throws {
        // After a power cut the hook is still there (and runs once, later) or gone (claimed): the
        // countdown is never left half-claimed, nor unreadable.
        let hook = ExpiryHook(command: "make tea", notify: true)
        let tea: Step = .action("tea", .startCountdown(.duration(.seconds(1)), replacing: false, hook: hook))
        try checkEveryPowerCut(during: .fireHook("tea"), after: [tea])
        try checkEveryPowerCut(
            during: .action("tea", .addTime(.seconds(60), hook: ExpiryHook(command: "other"))), after: [tea])
    }

    @Test func aCyclesEdgesAreClaimedAllOrNothingAndItsChangesSurviveACut() throws {
        // Each step is 1.25 s of the fake clock: the claim comes after the first edge (at 1 s).
        // After a cut the edges are still unclaimed (and run once, later) or claimed: never half.
        let plan = PhaseSequence(phases: [Phase("work", .seconds(1)), Phase("rest", .seconds(2))], rounds: 2)
        let focus: Step = .action(
            "tea", .startPlan(.sequence(plan), replacing: false, hook: ExpiryHook(command: "notify-me")))
        try checkEveryPowerCut(during: .fireHook("tea"), after: [focus])
        try checkEveryPowerCut(during: .action("tea", .nextPhase), after: [focus])
        try checkEveryPowerCut(
            during: .action("tea", .startPlan(.sequence(.pomodoro), replacing: true)),
            after: [focus, .action("tea", .nextPhase)])
    }

    @Test func aDeletionRemovesEachStopwatchWholeOrNotAtAll() throws {
        let setup: [Step] = [.action("build", .start), .action("build", .lap(label: nil)), .action("tea", .start)]
        try checkEveryPowerCut(during: .delete(["build", "tea"]), after: setup)
    }

    @Test func runRecordsItsRunAllOrNothing() throws {
        // `run NAME -- COMMAND`: starts the stopwatch unless it runs, then records the run as a lap.
        try checkEveryPowerCut(during: .action("ci", .startUnlessRunning), after: [])
        try checkEveryPowerCut(
            during: .action("ci", .recordRun(label: "make", duration: .milliseconds(500))),
            after: [.action("ci", .start)])
    }

    @Test func deletingExpiredCountdownsAndFilesByForceIsAllOrNothingForEach() throws {
        let setup: [Step] = [
            .action("tea", .startCountdown(.duration(.seconds(1)), replacing: false)),
            .action("egg", .startCountdown(.duration(.seconds(1)), replacing: false)),
            .action("build", .start),
        ]
        try checkEveryPowerCut(during: .deleteExpired, after: setup)
        try checkEveryPowerCut(during: .deleteFiles(["build", "egg"]), after: setup)
    }

    @Test func aDismissalAndATrackedBlockKeepTheirRunAllOrNothing() throws {
        let tea: Step = .action("tea", .startCountdown(.duration(.seconds(1)), replacing: false))
        try checkEveryPowerCut(during: .action("tea", .dismiss), after: [tea, .action("tea", .lap(label: "steeped"))])
        try checkEveryPowerCut(during: .track("meeting"), after: [tea])
    }

    @Test func aCorrectionAndARemovalAreAllOrNothing() throws {
        let ran: [Step] = [.action("build", .start), .action("build", .lap(label: nil)), .action("build", .reset)]
        try checkEveryPowerCut(during: .edit("build"), after: ran)
        try checkEveryPowerCut(during: .edit("build"), after: [.action("build", .start)])
        try checkEveryPowerCut(during: .removeRun("build"), after: ran)
        try checkEveryPowerCut(
            during: .removeRun("build"), after: [.action("build", .start), .action("build", .lap(label: nil))])
    }

    @Test func anUndoAndARedoAreAllOrNothing() throws {
        let ran: [Step] = [.action("build", .start), .action("build", .lap(label: nil)), .action("build", .reset)]
        // The reset undone: the stopwatch put back, its laps from history, then the undo appended.
        try checkEveryPowerCut(during: .undo(redo: false, names: ["build"]), after: ran)
        try checkEveryPowerCut(
            during: .undo(redo: true, names: ["build"]), after: ran + [.undo(redo: false, names: ["build"])])
        try checkEveryPowerCut(
            during: .undo(redo: false, names: ["build"]), after: [.action("build", .start), .delete(["build"])])
        try checkEveryPowerCut(during: .undo(redo: false, names: ["meeting"]), after: [.track("meeting")])
    }

    @Test func theSimulationLosesWhatWasNotSynced() throws {
        // The fake itself: an unsynced write can be dropped or torn, a synced one cannot.
        let fileSystem = PowerLossFileSystem(home: home)
        let directory = try fileSystem.openDirectory(atPath: home)
        let file = try #require(try fileSystem.open("a", in: directory, .createNew))
        try fileSystem.write([UInt8](repeating: 1, count: 1000), to: file, at: 0)
        try fileSystem.syncData(file)
        try fileSystem.sync(directory)
        try fileSystem.write([UInt8](repeating: 2, count: 600), to: file, at: 1000)
        let survivors = fileSystem.survivors(seed: 1)
        // 600 bytes from offset 1000 touch sectors 1, 2 and 3: 8 subsets.
        #expect(survivors.count == 8)
        #expect(survivors.allSatisfy { $0["a"]!.prefix(1000).allSatisfy { $0 == 1 } }, "what was synced survives")
        #expect(
            Set(survivors.map { $0["a"]!.count }) == [1000, 1024, 1536, 1600],
            "a torn append ends at a sector, or whole")
        #expect(
            survivors.contains { $0["a"]!.count == 1600 && $0["a"]![1100] == 0 }, "a middle sector lost reads as zeros")
    }
}
