import StopwatchCore

/// The snapshot of history kept beside its log, `history/snapshot` (docs/state-format.md, "The
/// snapshot"): the runs the log's first changes left (`HistorySnapshot`), with what they were read
/// from, so that a reader of a long history reads it and the changes appended since, not the whole.
///
/// It is made again from the log whenever it is missing, damaged or from other files, so it is
/// written without a sync and checked whole (`check`, at its end). Binary, little-endian:
///
///     MAGIC, SOURCES, LINES, DAMAGED, STRINGS, PLANS, TAG-SETS, RUNS, CHECK
///
/// SOURCES says, for `runs.tsv` and `events.tsv`, how many of its bytes it covers and the CRC-32
/// of the first and the last 4 KiB of them: a file shorter than that, or with other bytes there,
/// is another file, and the log is read whole. LINES is how many lines of `events.tsv` it covers,
/// for the numbers of damaged lines after them. Names, tags and plans are kept once each, and a
/// run refers to them by number: a hundred thousand runs are read without a string made for each.
struct HistorySnapshotFile: Equatable {
    static let fileName = "snapshot"
    static let magic = Array("stopwatch history snapshot 1\n".utf8)
    /// How much of a source's start and end its checks cover.
    static let checkedBytes = 4096

    /// What a snapshot covers of a source file: its first `size` bytes, which begin with bytes
    /// whose CRC-32 is `head` and end with bytes whose CRC-32 is `tail`.
    struct Source: Equatable {
        var size: Int64
        var head: UInt32
        var tail: UInt32

        /// The coverage of the first `size` bytes of `bytes`.
        init(_ bytes: ArraySlice<UInt8>, size: Int) {
            let covered = bytes.prefix(size)
            self.size = Int64(covered.count)
            head = CRC32.checksum(covered.prefix(HistorySnapshotFile.checkedBytes))
            tail = CRC32.checksum(covered.suffix(HistorySnapshotFile.checkedBytes))
        }

        init(size: Int64, head: UInt32, tail: UInt32) {
            self.size = size
            self.head = head
            self.tail = tail
        }

        /// Where its checked bytes lie in the file: the head's, then the tail's.
        var checkedRanges: (head: Range<Int64>, tail: Range<Int64>) {
            let length = min(Int64(HistorySnapshotFile.checkedBytes), size)
            return (0..<length, (size - length)..<size)
        }
    }

    /// `runs.tsv` as read (nil: there was none), and the part of `events.tsv` covered (nil: none).
    var earlier: Source?
    var events: Source?
    /// The lines of `events.tsv` covered.
    var lines: Int
    /// Damaged lines within what it covers: in `runs.tsv` (false) or `events.tsv` (true), by number.
    var damaged: [(inEvents: Bool, line: Int)]
    var snapshot: HistorySnapshot

    static func == (left: HistorySnapshotFile, right: HistorySnapshotFile) -> Bool {
        left.earlier == right.earlier && left.events == right.events && left.lines == right.lines && left.snapshot == right.snapshot
            && left.damaged.elementsEqual(right.damaged) { $0 == $1 }
    }

    var bytes: [UInt8] {
        var writer = ByteWriter()
        writer.bytes += Self.magic
        for source in [earlier, events] {
            writer.u8(source == nil ? 0 : 1)
            writer.i64(source?.size ?? 0)
            writer.u32(source?.head ?? 0)
            writer.u32(source?.tail ?? 0)
        }
        writer.i64(Int64(lines))
        writer.u32(UInt32(damaged.count))
        for line in damaged {
            writer.u8(line.inEvents ? 1 : 0)
            writer.i64(Int64(line.line))
        }
        // The tables, each value once, numbered in the order first met.
        var strings: [String: UInt32] = [:], stringList: [String] = []
        func string(_ text: String) -> UInt32 {
            if let number = strings[text] { return number }
            strings[text] = UInt32(stringList.count)
            stringList.append(text)
            return UInt32(stringList.count - 1)
        }
        var plans: [Plan: UInt32] = [:], planList: [(UInt32, UInt32)] = []
        var tagSets: [[String]: UInt32] = [:], tagSetList: [[UInt32]] = []
        var runs = ByteWriter()
        for (run, removed) in zip(snapshot.runs, snapshot.isRemoved) {
            let plan: UInt32
            if let known = plans[run.plan] {
                plan = known
            } else {
                let fields = RunFields.planFields(run.plan)
                plan = UInt32(planList.count)
                plans[run.plan] = plan
                planList.append((string(fields.kind), string(fields.detail)))
            }
            let tags: UInt32
            if let known = tagSets[run.tags] {
                tags = known
            } else {
                tags = UInt32(tagSetList.count)
                tagSets[run.tags] = tags
                tagSetList.append(run.tags.map(string))
            }
            let keyed = run.recordedAs != RunKey(name: run.name, start: run.startedAt)
            runs.u64(run.id.high)
            runs.u64(run.id.low)
            runs.u32(string(run.name.rawValue))
            runs.u32(plan)
            runs.u32(tags)
            runs.i64(run.startedAt.wholeMicroseconds)
            runs.i64(run.endedAt.wholeMicroseconds)
            runs.i64(run.elapsed.wholeMicroseconds)
            runs.i64(run.overtime.wholeMicroseconds)
            runs.i64(run.startOffset.wholeSeconds)
            runs.i64(run.endOffset.wholeSeconds)
            runs.i64(Int64(run.lapCount))
            runs.i64(Int64(run.phasesEnded))
            runs.u8((run.isEstimated ? 1 : 0) | (removed ? 2 : 0) | (keyed ? 4 : 0))
            runs.u32(UInt32(run.phaseTimes.count))
            for time in run.phaseTimes {
                runs.i64(time.ran.wholeMicroseconds)
                runs.i64(time.waited.wholeMicroseconds)
            }
            if keyed {
                runs.u32(string(run.recordedAs.name.rawValue))
                runs.i64(run.recordedAs.start.wholeMicroseconds)
            }
        }
        writer.u32(UInt32(stringList.count))
        for text in stringList {
            writer.u32(UInt32(text.utf8.count))
            writer.bytes += text.utf8
        }
        writer.u32(UInt32(planList.count))
        for (kind, detail) in planList {
            writer.u32(kind)
            writer.u32(detail)
        }
        writer.u32(UInt32(tagSetList.count))
        for set in tagSetList {
            writer.u32(UInt32(set.count))
            for tag in set { writer.u32(tag) }
        }
        writer.u32(UInt32(snapshot.runs.count))
        writer.bytes += runs.bytes
        writer.u64(Self.check(writer.bytes[...]))
        return writer.bytes
    }

    init(earlier: Source?, events: Source?, lines: Int, damaged: [(inEvents: Bool, line: Int)], snapshot: HistorySnapshot) {
        self.earlier = earlier
        self.events = events
        self.lines = lines
        self.damaged = damaged
        self.snapshot = snapshot
    }

    /// The snapshot `bytes` hold, or nil when they are not one whole (torn, damaged, of another
    /// version, or holding what no log could).
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= Self.magic.count + 8, bytes.starts(with: Self.magic) else { return nil }
        let body = bytes[..<(bytes.count - 8)]
        let check = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self) }
        guard UInt64(littleEndian: check) == Self.check(body) else { return nil }
        guard let decoded = bytes.withUnsafeBytes({ raw in Self.decode(ByteReader(raw, from: Self.magic.count, to: bytes.count - 8)) }) else { return nil }
        self = decoded
    }

    /// A 64-bit check of `bytes`, eight at a time, each word mixed in by a multiply and a rotation:
    /// it finds a torn write or a changed bit as a CRC would, at a fifth of a CRC's cost on the
    /// 10 MB of a hundred thousand runs. A check against accidents, not against a forger: the
    /// snapshot is only ever a copy of what the log holds.
    static func check(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
            var offset = 0
            while offset + 8 <= raw.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                hash = ((hash ^ word) &* 0xFF51_AFD7_ED55_8CCD).rotatedLeft(by: 29)
                offset += 8
            }
            while offset < raw.count {
                hash = ((hash ^ UInt64(raw[offset])) &* 0xC4CE_B9FE_1A85_EC53).rotatedLeft(by: 29)
                offset += 1
            }
            return hash ^ (hash >> 33)
        }
    }

    private static func decode(_ reader: ByteReader) -> HistorySnapshotFile? {
        var reader = reader
        var sources: [Source?] = []
        for _ in 0..<2 {
            guard let present = reader.u8(), let size = reader.i64(), let head = reader.u32(), let tail = reader.u32(), size >= 0 else { return nil }
            sources.append(present == 1 ? Source(size: size, head: head, tail: tail) : nil)
        }
        guard let lines = reader.i64(), lines >= 0, let damagedCount = reader.count(ofSize: 9) else { return nil }
        var damaged: [(inEvents: Bool, line: Int)] = []
        for _ in 0..<damagedCount {
            guard let file = reader.u8(), let line = reader.i64() else { return nil }
            damaged.append((file == 1, Int(line)))
        }
        guard let stringCount = reader.count(ofSize: 4) else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(stringCount)
        for _ in 0..<stringCount {
            guard let length = reader.count(ofSize: 1), let text = reader.string(length) else { return nil }
            strings.append(text)
        }
        // Each string as a name (nil for a tag or a plan's that is none), made once.
        let names = strings.map(StopwatchName.init)
        func name(_ number: UInt32) -> StopwatchName? { Int(number) < names.count ? names[Int(number)] : nil }
        guard let planCount = reader.count(ofSize: 8) else { return nil }
        var plans: [Plan] = []
        for _ in 0..<planCount {
            guard let kind = reader.u32(), let detail = reader.u32(), Int(kind) < strings.count, Int(detail) < strings.count,
                let plan = try? RunFields.plan(kind: Array(strings[Int(kind)].utf8)[...], kindText: strings[Int(kind)], detail: Array(strings[Int(detail)].utf8)[...])
            else { return nil }
            plans.append(plan)
        }
        guard let tagSetCount = reader.count(ofSize: 4) else { return nil }
        var tagSets: [[String]] = []
        for _ in 0..<tagSetCount {
            guard let count = reader.count(ofSize: 4) else { return nil }
            var set: [String] = []
            for _ in 0..<count {
                guard let number = reader.u32(), Int(number) < strings.count else { return nil }
                set.append(strings[Int(number)])
            }
            tagSets.append(set)
        }
        guard let runCount = reader.count(ofSize: Self.fixedRunSize) else { return nil }
        var runs: [RunRecord] = []
        var removed: [Bool] = []
        runs.reserveCapacity(runCount)
        removed.reserveCapacity(runCount)
        for _ in 0..<runCount {
            guard let high = reader.u64(), let low = reader.u64(), let nameNumber = reader.u32(), let runName = name(nameNumber),
                let planNumber = reader.u32(), Int(planNumber) < plans.count, let tagsNumber = reader.u32(), Int(tagsNumber) < tagSets.count,
                let start = reader.i64(), let end = reader.i64(), let elapsed = reader.i64(), let overtime = reader.i64(),
                let startOffset = reader.i64(), let endOffset = reader.i64(), let laps = reader.i64(), let phases = reader.i64(),
                let flags = reader.u8(), let timeCount = reader.count(ofSize: 16), end >= start, elapsed >= 0, overtime >= 0, laps >= 0, phases >= 0
            else { return nil }
            var run = RunRecord(
                id: EventID(high: high, low: low), name: runName, plan: plans[Int(planNumber)], startedAt: .microseconds(start),
                endedAt: .microseconds(end), elapsed: .microseconds(elapsed), isEstimated: flags & 1 != 0, lapCount: Int(laps),
                phasesEnded: Int(phases)
            )
            run.overtime = .microseconds(overtime)
            run.startOffset = .seconds(startOffset)
            run.endOffset = .seconds(endOffset)
            run.tags = tagSets[Int(tagsNumber)]
            if timeCount > 0 {
                run.phaseTimes.reserveCapacity(timeCount)
                for _ in 0..<timeCount {
                    guard let ran = reader.i64(), let waited = reader.i64() else { return nil }
                    run.phaseTimes.append(PhaseTime(ran: .microseconds(ran), waited: .microseconds(waited)))
                }
            }
            if flags & 4 != 0 {
                guard let keyName = reader.u32().flatMap(name), let keyStart = reader.i64() else { return nil }
                run.recordedAs = RunKey(name: keyName, start: .microseconds(keyStart))
            }
            runs.append(run)
            removed.append(flags & 2 != 0)
        }
        guard reader.isAtEnd else { return nil }
        return HistorySnapshotFile(earlier: sources[0], events: sources[1], lines: Int(lines), damaged: damaged, snapshot: HistorySnapshot(runs: runs, isRemoved: removed))
    }

    /// The bytes of a run before its phase times.
    private static let fixedRunSize = 16 + 3 * 4 + 8 * 8 + 1 + 4
}

/// Little-endian numbers appended to bytes.
private extension UInt64 {
    func rotatedLeft(by count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}

private struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u8(_ value: UInt8) { bytes.append(value) }
    mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func i64(_ value: Int64) { u64(UInt64(bitPattern: value)) }
}

/// Little-endian numbers read from bytes, each nil past the end.
private struct ByteReader {
    let raw: UnsafeRawBufferPointer
    var position: Int
    let end: Int

    init(_ raw: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        self.raw = raw
        position = start
        self.end = end
    }

    var isAtEnd: Bool { position == end }

    mutating func u8() -> UInt8? {
        guard position < end else { return nil }
        defer { position += 1 }
        return raw[position]
    }

    mutating func u32() -> UInt32? {
        guard end - position >= 4 else { return nil }
        defer { position += 4 }
        return UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt32.self))
    }

    mutating func u64() -> UInt64? {
        guard end - position >= 8 else { return nil }
        defer { position += 8 }
        return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    }

    mutating func i64() -> Int64? { u64().map { Int64(bitPattern: $0) } }

    /// A count of things at least `size` bytes each: nil when the bytes left cannot hold them.
    mutating func count(ofSize size: Int) -> Int? {
        guard let count = u32(), Int(count) * size <= end - position else { return nil }
        return Int(count)
    }

    mutating func string(_ length: Int) -> String? {
        guard end - position >= length else { return nil }
        defer { position += length }
        return String(validating: UnsafeRawBufferPointer(rebasing: raw[position..<(position + length)]), as: UTF8.self)
    }
}
