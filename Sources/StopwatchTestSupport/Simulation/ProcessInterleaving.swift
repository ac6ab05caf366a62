import Foundation
import Glibc
import StopwatchPlatform

/// Processes of one machine at once over one disk: each on a thread of its own, but one at a
/// time, switching at every file-system operation to a process drawn from a seed, and holding
/// `flock`'s locks as the kernel holds them (one per open directory; shared with shared,
/// exclusive with none; released when the directory is closed). The same seed gives the same
/// interleaving, so a failure replays.
///
/// Where every process left waits for a lock another holds, no process can go on: that is a
/// deadlock, which a real machine would hang in; one of them is let go with `EDEADLK`, and
/// `deadlocked` says so.
final class ProcessInterleaving: @unchecked Sendable {
    private let condition = NSCondition()
    private var random: SplitMix64
    private let count: Int
    private var running = -1
    private var finished: Set<Int> = []
    /// The locks held, by directory path: by which open directory, whether exclusively, and by
    /// which process.
    private var holders: [String: [Int32: (exclusive: Bool, process: Int)]] = [:]
    /// The lock each waiting process waits for.
    private var waiting: [Int: (path: String, file: Int32, exclusive: Bool)] = [:]
    private var isDeadlocked = false

    private init(count: Int, seed: UInt64) {
        self.count = count
        random = SplitMix64(seed: seed)
    }

    /// Whether, at some point, every process left waited for a lock another held.
    var deadlocked: Bool { condition.withLock { isDeadlocked } }

    /// Runs `count` processes at once, `body(k, fileSystem)` being process `k` working on
    /// `disk` through `fileSystem`, interleaved as `seed` draws; returns each one's result once
    /// all have ended, and whether they deadlocked.
    static func run<Result>(
        _ count: Int, seed: UInt64, on disk: any FileSystem,
        _ body: @escaping (Int, any FileSystem) -> Result
    ) -> (results: [Result], deadlocked: Bool) {
        let interleaving = ProcessInterleaving(count: count, seed: seed)
        let results = Results<Result>(count: count)
        let work = UncheckedBox(body)
        var threads: [Thread] = []
        for process in 0..<count {
            let thread = Thread {
                interleaving.begin(process)
                let fileSystem = InterleavedFileSystem(base: disk, process: process, interleaving: interleaving)
                results.set(process, work.value(process, fileSystem))
                interleaving.end(process)
            }
            // Commands recurse deeply enough in parsing and JSON to want a main thread's stack.
            thread.stackSize = 8 << 20
            threads.append(thread)
        }
        for thread in threads { thread.start() }
        interleaving.condition.withLock {
            interleaving.switchFrom(nil)
            while interleaving.finished.count < count { interleaving.condition.wait() }
        }
        return (results.all(), interleaving.deadlocked)
    }

    // MARK: - Turns

    /// Waits for process `process`'s first turn.
    private func begin(_ process: Int) {
        condition.withLock { waitForTurn(process) }
    }

    /// Process `process` has ended: another takes the turn.
    private func end(_ process: Int) {
        condition.withLock {
            finished.insert(process)
            // Whatever it left locked goes with it, as the kernel releases a dead process's locks.
            for path in holders.keys { holders[path] = holders[path]?.filter { $0.value.process != process } }
            switchFrom(process)
        }
    }

    /// Before each operation of process `process`: the turn goes to a process drawn from the
    /// seed (maybe itself), and `process` waits for it to come back.
    func turn(_ process: Int) {
        condition.withLock {
            switchFrom(process)
            waitForTurn(process)
        }
    }

    private func waitForTurn(_ process: Int) {
        while running != process { condition.wait() }
    }

    /// Gives the turn to a process that can go on (not ended, not waiting for a lock another
    /// holds), drawn from the seed; where none can but some wait, they are deadlocked, and one
    /// is let go. Called with the condition's lock held.
    private func switchFrom(_ process: Int?) {
        let left = (0..<count).filter { !finished.contains($0) }
        guard !left.isEmpty else {
            running = -1
            condition.broadcast()
            return
        }
        var ready = left.filter { candidate in
            guard let wanted = waiting[candidate] else { return true }
            return canTake(wanted.path, file: wanted.file, exclusive: wanted.exclusive)
        }
        if ready.isEmpty {
            isDeadlocked = true
            ready = left
        }
        running = ready[Int(random.next() % UInt64(ready.count))]
        condition.broadcast()
    }

    // MARK: - Locks

    private func canTake(_ path: String, file: Int32, exclusive: Bool) -> Bool {
        let others = (holders[path] ?? [:]).filter { $0.key != file }
        return exclusive ? others.isEmpty : others.values.allSatisfy { !$0.exclusive }
    }

    /// `flock` of process `process` on the directory at `path` opened as `file`: taken at once
    /// where nothing conflicts, else the process waits, other processes going on meanwhile.
    func lock(_ path: String, file: Int32, exclusive: Bool, by process: Int) throws(FileSystemError) {
        condition.lock()
        defer { condition.unlock() }
        while !canTake(path, file: file, exclusive: exclusive) {
            if isDeadlocked, waiting[process] != nil {
                waiting[process] = nil
                throw FileSystemError(errno: EDEADLK)
            }
            waiting[process] = (path, file, exclusive)
            switchFrom(process)
            waitForTurn(process)
        }
        waiting[process] = nil
        holders[path, default: [:]][file] = (exclusive, process)
    }

    /// The directory opened as `file` is closed: its lock, if any, is released.
    func released(_ file: Int32) {
        condition.withLock {
            for path in holders.keys { holders[path]?[file] = nil }
        }
    }
}

/// What each process of a `ProcessInterleaving` returned.
private final class Results<Result>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Result?]

    init(count: Int) {
        values = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Result) {
        lock.withLock { values[index] = value }
    }

    func all() -> [Result] {
        lock.withLock { values.map { $0! } }
    }
}

/// A value handed to another thread that only one thread uses at a time (the interleaving's
/// turns see to it).
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
