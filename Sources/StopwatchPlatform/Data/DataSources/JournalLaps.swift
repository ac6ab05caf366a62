import Dispatch
import StopwatchCore
import Synchronization

/// The laps of a journal (a stopwatch's, or a past run's kept in history), read line by line:
/// its lap lines, which must be `count` numbered 1 to `count`. A line that fails its check is
/// torn and passed over; one that passes it must be valid.
struct JournalLaps {
    private(set) var laps: [Lap] = []
    private let count: Int
    private let path: String
    private var lineNumber = 0
    private let slicing = CRC32.Slicing()

    init(count: Int, path: String) {
        self.count = count
        self.path = path
        laps.reserveCapacity(count)
    }

    /// Every lap of `file` in `directory`; nil when the file does not exist.
    ///
    /// A journal of more than `splitSize` is read in two halves side by side, each on a core:
    /// `laps` of a hundred thousand laps spends most of its time checking and reading lines.
    /// Should a half fail, the whole is read again in order, for the complaint to name its line.
    static func read(_ file: String, in directory: StateDirectory, count: Int) throws -> [Lap]? {
        if let size = try directory.size(of: file), size >= splitSize {
            let halves = [0..<size / 2, size / 2..<size]
            let read = Mutex<[[Lap]?]>([nil, nil])
            DispatchQueue.concurrentPerform(iterations: halves.count) { half in
                var reader = JournalLaps(count: count / 2, path: directory.pathOf(file))
                guard (try? directory.forEachLine(of: file, part: halves[half]) { try reader.read($0) }) == true else {
                    return
                }
                read.withLock { $0[half] = reader.laps }
            }
            let halvesRead = read.withLock { $0 }
            if let first = halvesRead[0], let second = halvesRead[1] {
                return try JournalLaps(count: count, path: directory.pathOf(file), laps: first + second).finished()
            }
        }
        var reader = JournalLaps(count: count, path: directory.pathOf(file))
        guard try directory.forEachLine(of: file, { try reader.read($0) }) else { return nil }
        return try reader.finished()
    }

    /// The size above which `read` reads a journal in two halves: 4 MiB, some 6,000 laps.
    static let splitSize: Int64 = 4 << 20

    private init(count: Int, path: String, laps: [Lap]) {
        self.init(count: count, path: path)
        self.laps = laps
    }

    /// Reads the next line, its newline left out.
    mutating func read(_ line: ArraySlice<UInt8>) throws {
        lineNumber += 1
        guard JournalLine.isWhole(line, slicing: slicing) else { return }
        // The lap alone, read where it lies when it is written as this store writes it: the
        // state beside it is five times its length, and reading it made `laps` of a hundred
        // thousand five times slower. Any other line is read whole.
        let lapEntity: LapEntity?
        if let compact = JournalLine.compactLap(in: line) {
            lapEntity = compact
        } else if let object = JournalLine.lapObject(in: line) {
            do {
                lapEntity = try LapEntity(json: JSONReader.read(Array(object)))
            } catch is JSONReader.Failure {
                throw StoreFailure(.invalidData, path: path, reason: .lineNotJSON(lineNumber))
            } catch let error as JSONFieldError {
                throw StoreFailure(.invalidData, path: path, reason: .lineBadShape(lineNumber, error.within("lap")))
            }
        } else {
            lapEntity = try JSONFileStopwatchStore.decodeLine(line, path: path, number: lineNumber).lap
        }
        guard let lap = lapEntity else { return }
        do {
            laps.append(try lap.lap())
        } catch {
            throw StoreFailure(.invalidData, path: path, reason: .lineInvalid(lineNumber, error))
        }
    }

    /// The laps read, checked to be `count` numbered in order.
    func finished() throws -> [Lap] {
        guard laps.count == count, laps.enumerated().allSatisfy({ $0.element.number == $0.offset + 1 }) else {
            throw StoreFailure(.invalidData, path: path, reason: .lapsOutOfOrder(laps: count))
        }
        return laps
    }
}
