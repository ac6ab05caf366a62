import StopwatchCore

/// The snapshot of history kept beside its log, `history/snapshot` (docs/state-format.md, "The
/// snapshot"): the runs the log's first changes left (`HistorySnapshot`), with what they were read
/// from, so that a reader of a long history reads it and the changes appended since, not the whole.
///
/// It is made again from the log whenever it is missing, damaged or from other files, and
/// checked whole (`check`, at its end). Binary, little-endian:
///
///     MAGIC, SOURCES, LINES, DAMAGED, STRINGS, PLANS, TAG-SETS, COUNT, COLUMNS, DETAILS, CHECK
///
/// SOURCES says, for `runs.tsv` and `events.tsv`, how many of its bytes it covers and the CRC-32
/// of the first and the last 4 KiB of them: a file shorter than that, or with other bytes there,
/// is another file, and the log is read whole. LINES is how many lines of `events.tsv` it covers,
/// for the numbers of damaged lines after them. Names, tags and plans are kept once each, and a
/// run refers to them by number. COLUMNS are what a correction searches, each run's in a row of
/// fixed size (id, name, start, end, taken out, where its details are); DETAILS the rest of each
/// run. Read, it is a `Table` over the bytes: a run is made only when asked for.
struct HistorySnapshotFile: Equatable {
    static let fileName = "snapshot"
    static let magic = Array("stopwatch history snapshot 2\n".utf8)
    /// How much of a source's start and end its checks cover.
    static let checkedBytes = 4096
    /// A row of COLUMNS: id (16), name (4), start (8), end (8), taken out (1), details (4).
    static let rowSize = 41

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
        var columns = ByteWriter()
        var details = ByteWriter()
        columns.bytes.reserveCapacity(snapshot.count * Self.rowSize)
        for index in snapshot.indices {
            let run = snapshot.run(at: index)
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
            columns.u64(run.id.high)
            columns.u64(run.id.low)
            columns.u32(string(run.name.rawValue))
            columns.i64(run.startedAt.wholeMicroseconds)
            columns.i64(run.endedAt.wholeMicroseconds)
            columns.u8(snapshot.isRemoved(at: index) ? 1 : 0)
            columns.u32(UInt32(details.bytes.count))
            let keyed = run.recordedAs != RunKey(name: run.name, start: run.startedAt)
            details.u32(plan)
            details.u32(tags)
            details.i64(run.elapsed.wholeMicroseconds)
            details.i64(run.overtime.wholeMicroseconds)
            details.i64(run.startOffset.wholeSeconds)
            details.i64(run.endOffset.wholeSeconds)
            details.i64(Int64(run.lapCount))
            details.i64(Int64(run.phasesEnded))
            details.u8((run.isEstimated ? 1 : 0) | (keyed ? 4 : 0))
            details.u32(UInt32(run.phaseTimes.count))
            for time in run.phaseTimes {
                details.i64(time.ran.wholeMicroseconds)
                details.i64(time.waited.wholeMicroseconds)
            }
            if keyed {
                details.u32(string(run.recordedAs.name.rawValue))
                details.i64(run.recordedAs.start.wholeMicroseconds)
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
        writer.u32(UInt32(snapshot.count))
        writer.u32(UInt32(details.bytes.count))
        writer.bytes += columns.bytes
        writer.bytes += details.bytes
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
        guard let decoded = Self.decode(bytes) else { return nil }
        self = decoded
    }

    private static func decode(_ bytes: [UInt8]) -> HistorySnapshotFile? {
        bytes.withUnsafeBytes { raw -> HistorySnapshotFile? in
            var reader = ByteReader(raw, from: magic.count, to: bytes.count - 8)
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
            guard let planCount = reader.count(ofSize: 8) else { return nil }
            var plans: [Plan] = []
            for _ in 0..<planCount {
                guard let kind = reader.u32(), let detail = reader.u32(), Int(kind) < strings.count, Int(detail) < strings.count,
                    let plan = try? RunFields.plan(
                        kind: Array(strings[Int(kind)].utf8)[...], kindText: strings[Int(kind)], detail: Array(strings[Int(detail)].utf8)[...]
                    )
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
            guard let runCount = reader.count(ofSize: rowSize), let detailsSize = reader.u32(),
                reader.end - reader.position == runCount * rowSize + Int(detailsSize)
            else { return nil }
            let table = Table(
                bytes: bytes, columns: reader.position, details: reader.position + runCount * rowSize, detailsEnd: reader.end, count: runCount,
                names: strings.map(StopwatchName.init), plans: plans, tagSets: tagSets
            )
            guard table.isWellFormed() else { return nil }
            return HistorySnapshotFile(
                earlier: sources[0], events: sources[1], lines: Int(lines), damaged: damaged, snapshot: HistorySnapshot(table: table)
            )
        }
    }

    /// The runs of a snapshot's bytes, read where they lie: a run's field from its row, the
    /// whole run from its details when asked for.
    struct Table: RunTable {
        let bytes: [UInt8]
        /// Where COLUMNS and DETAILS begin, and where DETAILS end.
        let columns: Int
        let details: Int
        let detailsEnd: Int
        let count: Int
        /// Each string as a name (nil for one that is none: a tag, a plan's).
        let names: [StopwatchName?]
        let plans: [Plan]
        let tagSets: [[String]]

        private func load<T: FixedWidthInteger>(_ offset: Int, as type: T.Type) -> T {
            bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
        }

        private func row(_ index: Int) -> Int { columns + index * HistorySnapshotFile.rowSize }

        func id(at index: Int) -> EventID { EventID(high: load(row(index), as: UInt64.self), low: load(row(index) + 8, as: UInt64.self)) }
        func name(at index: Int) -> StopwatchName { names[Int(load(row(index) + 16, as: UInt32.self))]! }
        func startedAt(at index: Int) -> Duration { .microseconds(load(row(index) + 20, as: Int64.self)) }
        func endedAt(at index: Int) -> Duration { .microseconds(load(row(index) + 28, as: Int64.self)) }
        func isRemoved(at index: Int) -> Bool { bytes[row(index) + 36] != 0 }

        func run(at index: Int) -> RunRecord {
            // One pass over the bytes for every field: a report makes a hundred thousand.
            bytes.withUnsafeBytes { raw in
                func load<T: FixedWidthInteger>(_ offset: Int, _ type: T.Type) -> T { T(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: T.self)) }
                let base = row(index)
                var offset = details + Int(load(base + 37, UInt32.self))
                func next<T: FixedWidthInteger>(_ type: T.Type) -> T {
                    defer { offset += MemoryLayout<T>.size }
                    return load(offset, T.self)
                }
                let plan = plans[Int(next(UInt32.self))]
                let tags = tagSets[Int(next(UInt32.self))]
                let name = names[Int(load(base + 16, UInt32.self))]!
                var run = RunRecord(
                    id: EventID(high: load(base, UInt64.self), low: load(base + 8, UInt64.self)), name: name, plan: plan,
                    startedAt: .microseconds(load(base + 20, Int64.self)), endedAt: .microseconds(load(base + 28, Int64.self)),
                    elapsed: .microseconds(next(Int64.self)), isEstimated: false, lapCount: 0
                )
                run.overtime = .microseconds(next(Int64.self))
                run.startOffset = .seconds(next(Int64.self))
                run.endOffset = .seconds(next(Int64.self))
                run.lapCount = Int(next(Int64.self))
                run.phasesEnded = Int(next(Int64.self))
                let flags = next(UInt8.self)
                run.isEstimated = flags & 1 != 0
                run.tags = tags
                let times = Int(next(UInt32.self))
                if times > 0 {
                    run.phaseTimes.reserveCapacity(times)
                    for _ in 0..<times { run.phaseTimes.append(PhaseTime(ran: .microseconds(next(Int64.self)), waited: .microseconds(next(Int64.self)))) }
                }
                if flags & 4 != 0 {
                    let keyName = names[Int(next(UInt32.self))]!
                    run.recordedAs = RunKey(name: keyName, start: .microseconds(next(Int64.self)))
                }
                return run
            }
        }

        /// Whether every row's numbers lie within the tables and its details within DETAILS, so
        /// that reading any field of any run cannot go astray: what the check cannot say of a
        /// file made by another build. A row's fields only; its details' are checked as read.
        func isWellFormed() -> Bool {
            bytes.withUnsafeBytes { raw in
                var previous = -1
                for index in 0..<count {
                    let base = row(index)
                    let name = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: base + 16, as: UInt32.self)))
                    let detail = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: base + 37, as: UInt32.self)))
                    guard name < names.count, names[name] != nil, detail > previous, details + detail + Self.fixedDetails <= detailsEnd else { return false }
                    previous = detail
                }
                return true
            }
        }

        /// The bytes of a run's details before its phase times.
        static let fixedDetails = 4 + 4 + 6 * 8 + 1 + 4
    }

    /// A 64-bit check of `bytes`, eight at a time in four lanes, each word mixed in by a multiply
    /// and a rotation: it finds a torn write or a changed bit as a CRC would, at a tenth of a
    /// CRC's cost on the 10 MB of a hundred thousand runs. A check against accidents, not against
    /// a forger: the snapshot is only ever a copy of what the log holds.
    static func check(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count), 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x27D4_EB2F_1656_67C5)
            func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 { ((lane ^ word) &* 0xFF51_AFD7_ED55_8CCD).rotatedLeft(by: 29) }
            func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
            var offset = 0
            while offset + 32 <= raw.count {
                lanes.0 = mix(lanes.0, word(offset))
                lanes.1 = mix(lanes.1, word(offset + 8))
                lanes.2 = mix(lanes.2, word(offset + 16))
                lanes.3 = mix(lanes.3, word(offset + 24))
                offset += 32
            }
            var hash = mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
            while offset < raw.count {
                hash = mix(hash, UInt64(raw[offset]))
                offset += 1
            }
            return hash ^ (hash >> 33)
        }
    }
}

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
