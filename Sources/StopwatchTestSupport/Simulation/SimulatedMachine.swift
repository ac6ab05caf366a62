import StopwatchCore
import StopwatchPlatform

/// One machine of a simulation: its own disk (`PowerLossFileSystem`), clocks
/// (`ManualTimeSource`), ids and hook sink, and the real command line, use cases and file
/// adapters over them. Each command is a process of its own: a new store and container, as
/// `stopwatch` makes at each start.
public final class SimulatedMachine {
    /// What `STOPWATCH_MACHINE` names it: what history and the other machines call it.
    public let name: String
    /// The state directory, the same path on every machine.
    public static let home = "/home/user/.local/state/stopwatch"
    public let clock: ManualTimeSource
    public let zone: ManualTimeZone
    public private(set) var disk: PowerLossFileSystem
    /// The hook events its waiters would have delivered, recorded instead of run.
    public let hooks = RecordingHookEventSink()
    private let ids: SequentialIDSource
    private let snapshotSize: Int64

    /// What one command did: its exit status and what it wrote to standard output and error.
    public struct Outcome: Sendable, Hashable {
        public var status: Int32
        public var output: String
        public var messages: String
    }

    /// A machine whose wall clock starts at `wall`, in boot session `boot-NAME-0`.
    /// `snapshotSize` is the size of history from which it keeps a snapshot of its runs.
    public init(name: String, wall: Duration, zone: ManualTimeZone, seed: UInt64, snapshotSize: Int64 = 1 << 20) {
        self.name = name
        self.zone = zone
        self.snapshotSize = snapshotSize
        clock = ManualTimeSource(wall: wall, boot: .seconds(1_000), bootSession: BootSession("boot-\(name)-0"))
        disk = PowerLossFileSystem(home: Self.home, image: nil)
        ids = SequentialIDSource(seed: seed)
    }

    /// A machine of its own holding a copy of `other`'s files, its clocks where `other`'s are
    /// now, and ids of its own: what a check tries a command on without changing `other`.
    public init(copying other: SimulatedMachine) {
        name = other.name
        zone = other.zone
        snapshotSize = other.snapshotSize
        let now = other.clock.now()
        clock = ManualTimeSource(wall: now.wall, boot: now.boot, bootSession: now.bootSession, asleep: now.asleep)
        disk = PowerLossFileSystem(home: Self.home, image: other.files)
        ids = SequentialIDSource(seed: 0xF0_4C)
    }

    /// The files as the machine's processes see them, by their path in the state directory.
    public var files: PowerLossFileSystem.Image { disk.currentImage }

    /// Puts `image` on the disk in place of what was there, durably: what a sync engine left, or
    /// what survived a power cut.
    public func replaceFiles(with image: PowerLossFileSystem.Image) {
        disk = PowerLossFileSystem(home: Self.home, image: image)
    }

    /// What one process of this machine's works with: a new store and container over its disk
    /// and clocks, as `stopwatch` makes at each start.
    private func makeContainer(
        output: TextRecorder, messages: TextRecorder, fileSystem: (any FileSystem)? = nil,
        ids: SequentialIDSource? = nil
    ) -> DependencyContainer {
        let store = JSONFileStopwatchStore(
            directoryPath: Self.home, timeSource: clock, fileSystem: fileSystem ?? disk, zone: zone,
            historySnapshotSize: snapshotSize, machine: name
        )
        return DependencyContainer(
            store: store, history: store.history, timeSource: clock, timeZone: zone, ids: ids ?? self.ids,
            output: output,
            messages: messages, hookSinks: [hooks]
        )
    }

    /// Runs one command line as `stopwatch ARGUMENTS` would on this machine (through
    /// `fileSystem`, one process's view of its disk, where given).
    public func run(
        _ arguments: [String], through fileSystem: (any FileSystem)? = nil, ids: SequentialIDSource? = nil
    ) -> Outcome {
        let output = TextRecorder()
        let messages = TextRecorder()
        let container = makeContainer(output: output, messages: messages, fileSystem: fileSystem, ids: ids)
        let status = CommandRunner(output: output, messages: messages, makeContainer: { container }).run(arguments)
        return Outcome(status: status.rawValue, output: output.text, messages: messages.text)
    }

    /// Runs command lines at once, as `stopwatch A & stopwatch B & wait` would: each a process
    /// of its own, switching at every operation on the disk as `seed` draws
    /// (`ProcessInterleaving`), the Kth drawing its ids from `ids(K)`. What each did, and whether
    /// they deadlocked at the lock. The away watcher may be one of them
    /// (`act(_:stretch:through:ids:)`), `stretch` the one open.
    public func runTogether(
        _ commands: [[String]], seed: UInt64, stretch: (AwayCause, TimeReading)? = nil,
        ids: @escaping (Int) -> SequentialIDSource = { SequentialIDSource(seed: 0x70_6F + UInt64($0)) }
    ) -> (outcomes: [Outcome], deadlocked: Bool) {
        let (outcomes, deadlocked) = ProcessInterleaving.run(commands.count, seed: seed, on: disk) {
            process, fileSystem in
            self.act(commands[process], stretch: stretch, through: fileSystem, ids: ids(process))
        }
        return (outcomes, deadlocked)
    }

    /// `stopwatch WORDS`, or, for `@away begins lock|idle` and `@away ends`, the away watcher
    /// hearing a stretch begin (the runs that stand) or end (those it was booked on, `stretch`
    /// the one open), as a process: its output the names, in order.
    public func act(
        _ words: [String], stretch: (AwayCause, TimeReading)?, through fileSystem: (any FileSystem)? = nil,
        ids: SequentialIDSource? = nil
    ) -> Outcome {
        guard words.first == "@away", words.count > 1 else { return run(words, through: fileSystem, ids: ids) }
        let names: [String]
        if words[1] == "begins" {
            names = standAway(words.last == "idle" ? .idle : .lock, through: fileSystem, ids: ids)
        } else if let (cause, start) = stretch {
            names = bookAway(cause, since: start, through: fileSystem, ids: ids).booked
        } else {
            names = []
        }
        return Outcome(status: 0, output: names.sorted().joined(separator: " "), messages: "")
    }

    /// The away watcher hearing a stretch of `cause` begin: each run of this machine that drops
    /// away time stands still from now (`ViewModelFactory.standOnRunsHere`). The names of those
    /// that stand.
    public func standAway(
        _ cause: AwayCause, through fileSystem: (any FileSystem)? = nil, ids: SequentialIDSource? = nil
    ) -> [String] {
        ViewModelFactory(
            container: makeContainer(
                output: TextRecorder(), messages: TextRecorder(), fileSystem: fileSystem, ids: ids)
        )
        .standOnRunsHere(cause).map(\.rawValue)
    }

    /// The away watcher hearing a stretch of `cause` end (at `end`, nil: now; on those of
    /// `names`, where a booking is tried again): the names of the runs it was booked on, and of
    /// those whose booking could not be written.
    public func bookAway(
        _ cause: AwayCause, since start: TimeReading, until end: TimeReading? = nil, only names: [String]? = nil,
        through fileSystem: (any FileSystem)? = nil, ids: SequentialIDSource? = nil
    ) -> (booked: [String], failed: [String]) {
        let booking = ViewModelFactory(
            container: makeContainer(
                output: TextRecorder(), messages: TextRecorder(), fileSystem: fileSystem, ids: ids)
        )
        .bookAwayOnRunsHere(cause, since: start, until: end, only: names?.compactMap(StopwatchName.init))
        return (booking.booked.map(\.name.rawValue), booking.failed.map(\.name.rawValue))
    }

    /// A person's answer (`key`) to the away watcher's notification about the run of `name` (by
    /// its id where known), which named `upTo` of its away time: carried out as the watcher does
    /// (`ViewModelFactory.answerAway`), with the status the command it stands for would exit and
    /// its refusal's line.
    public func answer(_ key: String, about name: String, runID: String?, upTo: Duration) -> Outcome {
        let container = makeContainer(output: TextRecorder(), messages: TextRecorder())
        guard let stopwatch = StopwatchName(name) else { return Outcome(status: 64, output: "", messages: "") }
        do {
            try ViewModelFactory(container: container).answerAway(
                key, about: runID.map(RunReference.id) ?? .name(stopwatch), upTo: upTo)
            return Outcome(status: 0, output: "", messages: "")
        } catch {
            return Outcome(
                status: ExitCode(for: error).rawValue, output: "",
                messages: "stopwatch: " + container.presentation.errors.message(for: error, typed: nil) + "\n")
        }
    }

    /// Presses `keys` in one `watch NAME` on this machine, one after the other, as the live view
    /// sends them (`TerminalInput.key`, `LiveStopwatchViewModel.handle`): for each, its status as
    /// the command it stands for would exit (0 done, a hint included; a refusal's status), with
    /// the refusal's line.
    public func press(_ keys: String, in name: String) -> [Outcome] {
        let container = makeContainer(output: TextRecorder(), messages: TextRecorder())
        guard let stopwatch = StopwatchName(name) else { return [] }
        let live = ViewModelFactory(container: container).makeLiveStopwatchViewModel(stopwatch, scheduler: clock)
        defer { live.timer.stop() }
        let viewModel = LiveStopwatchViewModel(stopwatch: live.viewModel, timeSource: clock, isInteractive: true)
        do {
            try viewModel.show()
        } catch {
            return [Outcome(status: ExitCode(for: error).rawValue, output: "", messages: "\(error)\n")]
        }
        return keys.map { key in
            guard let byte = key.asciiValue, let event = TerminalInput.key(byte) else {
                return Outcome(status: 64, output: "", messages: "")
            }
            do {
                switch try viewModel.handle(event) {
                case .refused(let error):
                    return Outcome(
                        status: ExitCode(for: error).rawValue, output: "",
                        messages: "stopwatch: " + container.presentation.errors.message(for: error, typed: nil) + "\n")
                case .unknown: return Outcome(status: 64, output: "", messages: "")
                case .hint: return Outcome(status: 0, output: "hint", messages: "")
                case .done, .end: return Outcome(status: 0, output: "", messages: "")
                }
            } catch {
                return Outcome(status: ExitCode(for: error).rawValue, output: "", messages: "\(error)\n")
            }
        }
    }

    /// Runs one command line with the power cut after the disk's `operations`th change: the
    /// command fails there, and what is left on the disk is one of the ways it could have been
    /// left (`survivor`, drawn by `seed`; everything written, for a process killed).
    public func run(_ arguments: [String], cuttingPowerAfter operations: Int, killedOnly: Bool, seed: UInt64) -> Outcome
    {
        disk.cutPower(after: operations)
        let outcome = run(arguments)
        let survivors = killedOnly ? [] : disk.survivors(limit: 64, seed: seed)
        var image = disk.currentImage
        if !survivors.isEmpty { image = survivors[Int(seed % UInt64(survivors.count))] }
        replaceFiles(with: image)
        return outcome
    }

    /// How many changes the disk has seen: a command's count, taken before and after it, says
    /// where a power cut may fall.
    public var diskOperations: Int { disk.operationCount }
}
