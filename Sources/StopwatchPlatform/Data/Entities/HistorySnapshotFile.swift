import StopwatchCore

/// The snapshot of history kept beside its log, `history/snapshot-MACHINE` (docs/state-format.md, "The
/// snapshot"): the runs the log's first changes left (`HistorySnapshot`), with what they were read
/// from, so that a reader of a long history reads it and the changes appended since, not the whole.
///
/// It is made again from the log whenever it is missing, damaged or from other files. Binary,
/// little-endian: a head, checked whole, then a body in pages of 4 KiB, each with its check in the
/// head, so that a correction reads and checks the few pages it searches (`paged`) and a report
/// all of them (`init?(_:)`):
///
///     MAGIC, HEAD-SIZE, SOURCES, SEQUENCE, DAMAGED, STRINGS, PLANS, TAG-SETS, COUNT, DETAILS-SIZE,
///     NAMES, PAGE-CHECKS, HEAD-CHECK | COLUMNS, DETAILS, BY-ID, BY-NAME
///
/// SOURCES says, for `runs.tsv` and for each file of changes read (by name), how many of its
/// bytes it covers and the CRC-32 of the first and the last 4 KiB of them: a file shorter than
/// that, or with other bytes there, is another file, and the log is read whole; and how many lines
/// of each file of changes it covers, for the numbers of damaged lines after them. SEQUENCE is the
/// highest of the changes it covers: a change read since with no higher one belongs before some
/// of them, and the log is read whole. Names, tags and plans are kept once each, and a
/// run refers to them by number. COLUMNS are what a correction searches, each run's in a row of
/// fixed size (id, name, start, end, taken out, where its details are); DETAILS the rest of each
/// run. BY-ID is every run's id and position, in the order of ids; BY-NAME, for each name in NAMES
/// in turn, its runs' starts, the latest end so far and positions, in the order of starts: an
/// id's prefix, a name's latest run and what a span would overlap are found by halving.
struct HistorySnapshotFile: Equatable {
    static let fileName = "snapshot"
    static let magic = Array("stopwatch history snapshot 10\n".utf8)
    /// How much of a source's start and end its checks cover.
    static let checkedBytes = 4096
    /// A row of COLUMNS: id (16), name (4), start (8), end (8), taken out (1), details (4).
    static let rowSize = 41
    /// An entry of BY-ID: id (16), position (4); of BY-NAME: start (8), latest end (8), position (4).
    static let entrySize = 20
    /// The body's pages, each checked on its own.
    static let pageSize = 4096

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

    /// What it covers of a file of changes: its name in `history/`, its bytes, and their lines.
    struct Covered: Equatable, Sendable {
        var name: String
        var source: Source
        var lines: Int
    }

    /// A damaged line within what it covers: of `runs.tsv` (`file` nil) or of `files[file]`.
    struct Damaged: Equatable, Sendable {
        var file: Int?
        var line: Int
    }

    /// `runs.tsv` as read (nil: there was none), and what it covers of each file of changes.
    var earlier: Source?
    var files: [Covered]
    /// The highest sequence of the changes it covers.
    var sequence: Int64
    var damaged: [Damaged]
    var snapshot: HistorySnapshot

    init(earlier: Source?, files: [Covered], sequence: Int64, damaged: [Damaged], snapshot: HistorySnapshot) {
        self.earlier = earlier
        self.files = files
        self.sequence = sequence
        self.damaged = damaged
        self.snapshot = snapshot
    }

    var bytes: [UInt8] {
        // The tables, each value once, numbered in the order first met.
        var strings: [String: UInt32] = [:]
        var stringList: [String] = []
        func string(_ text: String) -> UInt32 {
            if let number = strings[text] { return number }
            strings[text] = UInt32(stringList.count)
            stringList.append(text)
            return UInt32(stringList.count - 1)
        }
        var plans: [Plan: UInt32] = [:]
        var planList: [(UInt32, UInt32)] = []
        var tagSets: [[String]: UInt32] = [:]
        var tagSetList: [[UInt32]] = []
        var columns = ByteWriter()
        var details = ByteWriter()
        columns.bytes.reserveCapacity(snapshot.count * Self.rowSize)
        details.bytes.reserveCapacity(snapshot.count * (Table.fixedDetails + 8))
        var ids: [(id: EventID, position: Int)] = []
        var byName: [UInt32: [(start: Int64, end: Int64, position: Int)]] = [:]
        ids.reserveCapacity(snapshot.count)
        for index in snapshot.indices {
            let run = snapshot.run(at: index)
            let plan: UInt32
            if let known = plans[run.plan] {
                plan = known
            } else {
                let fields = PlanEntity.historyFields(run.plan)
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
            let name = string(run.name.rawValue)
            columns.u64(run.id.high)
            columns.u64(run.id.low)
            columns.u32(name)
            columns.i64(run.startedAt.wholeMicroseconds)
            columns.i64(run.endedAt.wholeMicroseconds)
            columns.u8(snapshot.isRemoved(at: index) ? 1 : 0)
            columns.u32(UInt32(details.bytes.count))
            ids.append((run.id, index))
            byName[name, default: []].append((run.startedAt.wholeMicroseconds, run.endedAt.wholeMicroseconds, index))
            let keyed = run.recordedAs != RunKey(name: run.name, start: run.startedAt)
            let byCause = run.awayLocked != .zero || run.awayIdle != .zero
            details.u32(plan)
            details.u32(tags)
            details.i64(run.elapsed.wholeMicroseconds)
            details.i64(run.overtime.wholeMicroseconds)
            details.i64(run.startOffset.wholeSeconds)
            details.i64(run.endOffset.wholeSeconds)
            details.i64(Int64(run.lapCount))
            details.i64(Int64(run.phasesEnded))
            details.i64(run.revision)
            details.u8(
                (run.isEstimated ? 1 : 0) | (run.isConflicted ? 2 : 0) | (keyed ? 4 : 0) | (run.machine != nil ? 8 : 0)
                    | (run.away != .zero ? 16 : 0) | (run.awayPolicy == .drop ? 32 : 0) | (byCause ? 64 : 0)
                    | (run.awayPolicy == .ask ? 128 : 0))
            details.u32(UInt32(run.phaseTimes.count))
            for time in run.phaseTimes {
                details.i64(time.ran.wholeMicroseconds)
                details.i64(time.waited.wholeMicroseconds)
            }
            if keyed {
                details.u32(string(run.recordedAs.name.rawValue))
                details.i64(run.recordedAs.start.wholeMicroseconds)
            }
            if let machine = run.machine { details.u32(string(machine)) }
            if run.away != .zero { details.i64(run.away.wholeMicroseconds) }
            if byCause {
                details.i64(run.awayLocked.wholeMicroseconds)
                details.i64(run.awayIdle.wholeMicroseconds)
            }
            // What was decided of an ask's away time (flags 16 and 128).
            if run.awayPolicy == .ask, run.away != .zero {
                details.i64(run.awayDecided.wholeMicroseconds)
                details.i64(run.awayDropped.wholeMicroseconds)
            }
        }
        var body = columns.bytes + details.bytes
        body.reserveCapacity(body.count + 2 * snapshot.count * Self.entrySize)
        var index = ByteWriter()
        index.bytes.reserveCapacity(2 * snapshot.count * Self.entrySize)
        for entry in ids.sorted(by: { $0.id < $1.id }) {
            index.u64(entry.id.high)
            index.u64(entry.id.low)
            index.u32(UInt32(entry.position))
        }
        let groups = byName.keys.sorted()
        for name in groups {
            var latestEnd = Int64.min
            for entry in byName[name]!.sorted(by: { ($0.start, $0.position) < ($1.start, $1.position) }) {
                latestEnd = max(latestEnd, entry.end)
                index.i64(entry.start)
                index.i64(latestEnd)
                index.u32(UInt32(entry.position))
            }
        }
        body += index.bytes

        var head = ByteWriter()
        head.u8(earlier == nil ? 0 : 1)
        head.i64(earlier?.size ?? 0)
        head.u32(earlier?.head ?? 0)
        head.u32(earlier?.tail ?? 0)
        head.u32(UInt32(files.count))
        for file in files {
            head.u32(UInt32(file.name.utf8.count))
            head.bytes += file.name.utf8
            head.i64(file.source.size)
            head.u32(file.source.head)
            head.u32(file.source.tail)
            head.i64(Int64(file.lines))
        }
        head.i64(sequence)
        head.u32(UInt32(damaged.count))
        for line in damaged {
            // 0 for `runs.tsv`, else the file's number from 1.
            head.u32(line.file.map { UInt32($0 + 1) } ?? 0)
            head.i64(Int64(line.line))
        }
        head.u32(UInt32(stringList.count))
        for text in stringList {
            head.u32(UInt32(text.utf8.count))
            head.bytes += text.utf8
        }
        head.u32(UInt32(planList.count))
        for (kind, detail) in planList {
            head.u32(kind)
            head.u32(detail)
        }
        head.u32(UInt32(tagSetList.count))
        for set in tagSetList {
            head.u32(UInt32(set.count))
            for tag in set { head.u32(tag) }
        }
        head.u32(UInt32(snapshot.count))
        head.u32(UInt32(details.bytes.count))
        head.u32(UInt32(groups.count))
        for name in groups {
            head.u32(name)
            head.u32(UInt32(byName[name]!.count))
        }
        let pages = (body.count + Self.pageSize - 1) / Self.pageSize
        head.u32(UInt32(pages))
        for page in 0..<pages {
            head.u64(Self.check(body[(page * Self.pageSize)..<min(body.count, (page + 1) * Self.pageSize)]))
        }

        var writer = ByteWriter()
        writer.bytes += Self.magic
        writer.u32(UInt32(head.bytes.count + 8))
        writer.bytes += head.bytes
        writer.u64(Self.check(writer.bytes[...]))
        return writer.bytes + body
    }

    /// The snapshot `bytes` hold, every page checked, or nil when they are not one whole (torn,
    /// damaged, of another version, or holding what no log could).
    init?(_ bytes: [UInt8]) {
        guard let head = Self.head(bytes), bytes.count == head.bodyStart + head.bodySize else { return nil }
        for page in 0..<head.pageChecks.count {
            let start = head.bodyStart + page * Self.pageSize
            guard Self.check(bytes[start..<min(bytes.count, start + Self.pageSize)]) == head.pageChecks[page] else {
                return nil
            }
        }
        let table = Table(bytes: .whole(bytes, start: head.bodyStart), head: head)
        guard table.isWellFormed() else { return nil }
        self.init(
            earlier: head.earlier, files: head.files, sequence: head.sequence, damaged: head.damaged,
            snapshot: HistorySnapshot(table: table))
    }

    /// The snapshot in `file` read page by page as its runs are asked for, each page checked as it
    /// is read; nil when its head is not whole. A page that fails its check is noted
    /// (`PagedSnapshotBytes.failed`), and what was read with it is not to be trusted.
    static func paged(_ file: ReadableFile) -> (file: HistorySnapshotFile, pages: PagedSnapshotBytes)? {
        // A page first, then the whole head when it is longer (a page check each 4 KiB of the
        // body: 30 KiB for 100,000 runs): no more memory touched than the head.
        let first = min(file.size, Int64(HistorySnapshotFile.pageSize))
        guard first > Int64(magic.count + 4), var bytes = file.read(at: 0, count: Int(first)) else { return nil }
        let headSize = bytes.withUnsafeBytes {
            Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: magic.count, as: UInt32.self)))
        }
        if magic.count + 4 + headSize > bytes.count {
            guard let whole = file.read(at: 0, count: magic.count + 4 + headSize) else { return nil }
            bytes = whole
        }
        guard let head = Self.head(bytes), file.size == Int64(head.bodyStart + head.bodySize) else { return nil }
        let pages = PagedSnapshotBytes(file: file, start: head.bodyStart, size: head.bodySize, checks: head.pageChecks)
        let read = HistorySnapshotFile(
            earlier: head.earlier, files: head.files, sequence: head.sequence, damaged: head.damaged,
            snapshot: HistorySnapshot(table: Table(bytes: .paged(pages), head: head))
        )
        return (read, pages)
    }

    /// What a snapshot's head says: what it covers, its tables, and where the body's parts lie.
    ///
    /// A class: a table holds it and is copied into every search it makes, each copy of a struct
    /// of arrays a retain and a release of each.
    final class Head: Sendable {
        let earlier: Source?
        let files: [Covered]
        let sequence: Int64
        let damaged: [Damaged]
        /// Each string as a name (nil for one that is none: a tag, a plan's).
        let names: [StopwatchName?]
        /// Each string as it is: a machine's name.
        let strings: [String]
        let plans: [Plan]
        let tagSets: [[String]]
        let count: Int
        let detailsSize: Int
        /// Each name with runs: its runs' entries in BY-NAME, from the body's start.
        let groups: [StopwatchName: Range<Int>]
        let pageChecks: PageChecks
        /// Where the body begins in the file, and its size.
        let bodyStart: Int
        var bodySize: Int {
            HistorySnapshotFile.rowSize * count + detailsSize + 2 * HistorySnapshotFile.entrySize * count
        }

        init(
            earlier: Source?, files: [Covered], sequence: Int64, damaged: [Damaged], names: [StopwatchName?],
            strings: [String], plans: [Plan],
            tagSets: [[String]], count: Int, detailsSize: Int, groups: [StopwatchName: Range<Int>],
            pageChecks: PageChecks, bodyStart: Int
        ) {
            self.earlier = earlier
            self.files = files
            self.sequence = sequence
            self.damaged = damaged
            self.names = names
            self.strings = strings
            self.plans = plans
            self.tagSets = tagSets
            self.count = count
            self.detailsSize = detailsSize
            self.groups = groups
            self.pageChecks = pageChecks
            self.bodyStart = bodyStart
        }
    }

    /// The check of each page of the body, as the head holds them.
    struct PageChecks: Sendable {
        let bytes: [UInt8]
        let start: Int
        let count: Int

        subscript(page: Int) -> UInt64 {
            bytes.withUnsafeBytes {
                UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: start + 8 * page, as: UInt64.self))
            }
        }
    }

    /// The head at the start of `bytes`, checked, or nil when it is not whole.
    static func head(_ bytes: [UInt8]) -> Head? {
        guard bytes.count >= magic.count + 4 + 8, bytes.starts(with: magic) else { return nil }
        return bytes.withUnsafeBytes { raw -> Head? in
            let headSize = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: magic.count, as: UInt32.self)))
            let end = magic.count + 4 + headSize
            guard headSize >= 8, end <= bytes.count else { return nil }
            let check = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
            guard check == Self.check(bytes[..<(end - 8)]) else { return nil }
            var reader = ByteReader(raw, from: magic.count + 4, to: end - 8)
            guard let present = reader.u8(), let size = reader.i64(), let earlierHead = reader.u32(),
                let earlierTail = reader.u32(), size >= 0,
                let fileCount = reader.count(ofSize: 28)
            else { return nil }
            let earlier = present == 1 ? Source(size: size, head: earlierHead, tail: earlierTail) : nil
            var files: [Covered] = []
            for _ in 0..<fileCount {
                guard let length = reader.count(ofSize: 1), let name = reader.string(length), let size = reader.i64(),
                    let head = reader.u32(),
                    let tail = reader.u32(), let lines = reader.i64(), size >= 0, lines >= 0
                else { return nil }
                files.append(Covered(name: name, source: Source(size: size, head: head, tail: tail), lines: Int(lines)))
            }
            guard let sequence = reader.i64(), let damagedCount = reader.count(ofSize: 12) else { return nil }
            var damaged: [Damaged] = []
            for _ in 0..<damagedCount {
                guard let file = reader.u32(), Int(file) <= files.count, let line = reader.i64() else { return nil }
                damaged.append(Damaged(file: file == 0 ? nil : Int(file) - 1, line: Int(line)))
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
                guard let kind = reader.u32(), let detail = reader.u32(), Int(kind) < strings.count,
                    Int(detail) < strings.count,
                    let plan = try? PlanEntity.plan(
                        historyKind: Array(strings[Int(kind)].utf8)[...], kindText: strings[Int(kind)],
                        detail: Array(strings[Int(detail)].utf8)[...]
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
            let names = strings.map(StopwatchName.init)
            guard let count = reader.u32(), let detailsSize = reader.u32(), let groupCount = reader.count(ofSize: 8)
            else { return nil }
            var groups: [StopwatchName: Range<Int>] = [:]
            var entry = rowSize * Int(count) + Int(detailsSize) + entrySize * Int(count)
            for _ in 0..<groupCount {
                guard let string = reader.u32(), let runs = reader.u32(), Int(string) < names.count,
                    let name = names[Int(string)], groups[name] == nil
                else { return nil }
                groups[name] = entry..<(entry + entrySize * Int(runs))
                entry += entrySize * Int(runs)
            }
            guard let pageCount = reader.count(ofSize: 8) else { return nil }
            // Read where they lie, as each page is: a hundred thousand runs have 3,500.
            let pageChecks = PageChecks(bytes: bytes, start: reader.position, count: pageCount)
            reader.position += 8 * pageCount
            let head = Head(
                earlier: earlier, files: files, sequence: sequence, damaged: damaged, names: names, strings: strings,
                plans: plans, tagSets: tagSets,
                count: Int(count), detailsSize: Int(detailsSize), groups: groups, pageChecks: pageChecks, bodyStart: end
            )
            // Every run in one group, and as many pages as the body fills.
            guard reader.isAtEnd, entry == head.bodySize, pageCount == (head.bodySize + pageSize - 1) / pageSize else {
                return nil
            }
            return head
        }
    }

    /// A 64-bit check of `bytes`, eight at a time in four lanes, each word mixed in by a multiply
    /// and a rotation: it finds a torn write or a changed bit as a CRC would, at a tenth of a
    /// CRC's cost on the 10 MB of a hundred thousand runs. A check against accidents, not against
    /// a forger: the snapshot is only ever a copy of what the log holds.
    static func check(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var lanes: (UInt64, UInt64, UInt64, UInt64) = (
                0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count), 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9,
                0x27D4_EB2F_1656_67C5
            )
            func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
                ((lane ^ word) &* 0xFF51_AFD7_ED55_8CCD).rotatedLeft(by: 29)
            }
            func word(_ offset: Int) -> UInt64 {
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            }
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

extension UInt64 {
    fileprivate func rotatedLeft(by count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
