import StopwatchCore

extension HistorySnapshotFile {
    /// The runs of a snapshot's body, read where they lie: a run's field from its row, the whole
    /// run from its details when asked for, and a correction's searches from BY-ID and BY-NAME by
    /// halving, so that read by pages (`PagedSnapshotBytes`) it reads a few of them.
    struct Table: RunTable {
        let bytes: SnapshotBytes
        let head: Head

        var count: Int { head.count }
        private var details: Int { HistorySnapshotFile.rowSize * head.count }
        private var byID: Int { details + head.detailsSize }

        private func row(_ index: Int) -> Int { index * HistorySnapshotFile.rowSize }

        func id(at index: Int) -> EventID {
            bytes.withBytes(row(index)..<(row(index) + 16)) {
                EventID(
                    high: UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)),
                    low: UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
            }
        }

        func name(at index: Int) -> StopwatchName { name(numbered: bytes.load(row(index) + 16, as: UInt32.self)) }
        func startedAt(at index: Int) -> Duration { .microseconds(bytes.load(row(index) + 20, as: Int64.self)) }
        func endedAt(at index: Int) -> Duration { .microseconds(bytes.load(row(index) + 28, as: Int64.self)) }
        func isRemoved(at index: Int) -> Bool { bytes.load(row(index) + 36, as: UInt8.self) != 0 }

        /// Stands for what could not be read, which is not trusted (`SnapshotBytes.fail`).
        private static var unread: StopwatchName { StopwatchName("unread")! }

        private func name(numbered number: UInt32) -> StopwatchName {
            guard Int(number) < head.names.count, let name = head.names[Int(number)] else {
                bytes.fail()
                return Self.unread
            }
            return name
        }

        func run(at index: Int) -> RunRecord {
            let base = row(index)
            let (id, nameNumber, start, end, detail) = bytes.withBytes(base..<(base + HistorySnapshotFile.rowSize)) {
                raw in
                func load<T: FixedWidthInteger>(_ offset: Int, _ type: T.Type) -> T {
                    T(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: T.self))
                }
                return (
                    EventID(high: load(0, UInt64.self), low: load(8, UInt64.self)), load(16, UInt32.self),
                    load(20, Int64.self), load(28, Int64.self),
                    Int(load(37, UInt32.self))
                )
            }
            var run = RunRecord(
                id: id, name: name(numbered: nameNumber), plan: .open, startedAt: .microseconds(start),
                endedAt: .microseconds(end), elapsed: .zero,
                isEstimated: false, lapCount: 0
            )
            let offset = details + detail
            guard detail + Self.fixedDetails <= head.detailsSize else {
                bytes.fail()
                return run
            }
            // Its length, from the fixed part: the phase times, and the key it was recorded by.
            let (times, flags) = bytes.withBytes((offset + Self.fixedDetails - 5)..<(offset + Self.fixedDetails)) {
                raw in
                (Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 1, as: UInt32.self))), raw[0])
            }
            let length =
                Self.fixedDetails + 16 * times + (flags & 4 != 0 ? 12 : 0) + (flags & 8 != 0 ? 4 : 0)
                + (flags & 16 != 0 ? 8 : 0) + (flags & 64 != 0 ? 16 : 0) + (flags & (16 | 128) == 16 | 128 ? 16 : 0)
            guard detail + length <= head.detailsSize else {
                bytes.fail()
                return run
            }
            // One pass over the bytes for every field: a report makes a hundred thousand.
            let fault = bytes.withBytes(offset..<(offset + length)) { raw -> Bool in
                var position = 0
                func next<T: FixedWidthInteger>(_ type: T.Type) -> T {
                    defer { position += MemoryLayout<T>.size }
                    return T(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: T.self))
                }
                let plan = Int(next(UInt32.self))
                let tags = Int(next(UInt32.self))
                guard plan < head.plans.count, tags < head.tagSets.count else { return true }
                run.plan = head.plans[plan]
                run.tags = head.tagSets[tags]
                run.elapsed = .microseconds(next(Int64.self))
                run.overtime = .microseconds(next(Int64.self))
                run.startOffset = .seconds(next(Int64.self))
                run.endOffset = .seconds(next(Int64.self))
                run.lapCount = Int(next(Int64.self))
                run.phasesEnded = Int(next(Int64.self))
                run.revision = next(Int64.self)
                let flags = next(UInt8.self)
                run.isEstimated = flags & 1 != 0
                run.isConflicted = flags & 2 != 0
                position += 4
                if times > 0 {
                    run.phaseTimes.reserveCapacity(times)
                    for _ in 0..<times {
                        run.phaseTimes.append(
                            PhaseTime(ran: .microseconds(next(Int64.self)), waited: .microseconds(next(Int64.self))))
                    }
                }
                if flags & 4 != 0 {
                    let number = next(UInt32.self)
                    guard Int(number) < head.names.count, let keyName = head.names[Int(number)] else { return true }
                    run.recordedAs = RunKey(name: keyName, start: .microseconds(next(Int64.self)))
                }
                if flags & 8 != 0 {
                    let number = Int(next(UInt32.self))
                    guard number < head.strings.count else { return true }
                    run.machine = head.strings[number]
                }
                if flags & 16 != 0 { run.away = .microseconds(next(Int64.self)) }
                run.awayPolicy = flags & 32 != 0 ? .drop : flags & 128 != 0 ? .ask : .keep
                if flags & 64 != 0 {
                    run.awayLocked = .microseconds(next(Int64.self))
                    run.awayIdle = .microseconds(next(Int64.self))
                }
                if flags & (16 | 128) == 16 | 128 {
                    run.awayDecided = .microseconds(next(Int64.self))
                    run.awayDropped = .microseconds(next(Int64.self))
                }
                return false
            }
            if fault { bytes.fail() }
            return run
        }

        /// The bytes of a run's details before its phase times.
        static var fixedDetails: Int { 4 + 4 + 7 * 8 + 1 + 4 }

        // MARK: Searches by halving

        /// BY-ID's entry `index`.
        private func idEntry(_ index: Int) -> (id: EventID, position: Int) {
            let offset = byID + index * HistorySnapshotFile.entrySize
            return bytes.withBytes(offset..<(offset + HistorySnapshotFile.entrySize)) { raw in
                (
                    EventID(
                        high: UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)),
                        low: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))),
                    checked(Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self))))
                )
            }
        }

        /// The entry at `offset` of a name's part of BY-NAME.
        private func nameEntry(_ offset: Int) -> (start: Duration, latestEnd: Duration, position: Int) {
            bytes.withBytes(offset..<(offset + HistorySnapshotFile.entrySize)) { raw in
                (
                    .microseconds(Int64(littleEndian: raw.loadUnaligned(as: Int64.self))),
                    .microseconds(Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: Int64.self))),
                    checked(Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self))))
                )
            }
        }

        /// `position`, or 0 (noted) when it is no run's.
        private func checked(_ position: Int) -> Int {
            guard position < head.count else {
                bytes.fail()
                return 0
            }
            return position
        }

        /// The first of `0..<count` for which `isBefore` is false, `isBefore` true of all before it.
        private func firstNot(in count: Int, _ isBefore: (Int) -> Bool) -> Int {
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                if isBefore(middle) { low = middle + 1 } else { high = middle }
            }
            return low
        }

        func position(of id: EventID) -> Int? {
            let index = firstNot(in: count) { idEntry($0).id < id }
            guard index < count, case let entry = idEntry(index), entry.id == id else { return nil }
            return entry.position
        }

        func positions(withIDPrefix prefix: EventID.Prefix) -> [Int] {
            var index = firstNot(in: count) { idEntry($0).id < prefix.first }
            var found: [Int] = []
            while index < count, case let entry = idEntry(index), !(prefix.last < entry.id) {
                if prefix.matches(entry.id) { found.append(entry.position) }
                index += 1
            }
            return found
        }

        /// `name`'s entries in BY-NAME, in the order of starts: how many, and the offset of each.
        private func entries(of name: StopwatchName) -> (count: Int, offset: (Int) -> Int) {
            let range = head.groups[name] ?? 0..<0
            return (
                range.count / HistorySnapshotFile.entrySize, { range.lowerBound + $0 * HistorySnapshotFile.entrySize }
            )
        }

        func positions(named name: StopwatchName, startingBefore end: Duration, endingAfter start: Duration) -> [Int] {
            let entries = entries(of: name)
            // Those that begin before `end`, from the latest back, until none before can end after `start`.
            var index = firstNot(in: entries.count) { nameEntry(entries.offset($0)).start < end } - 1
            var found: [Int] = []
            while index >= 0, case let entry = nameEntry(entries.offset(index)), entry.latestEnd > start {
                found.append(entry.position)
                index -= 1
            }
            return found
        }

        func latest(named name: StopwatchName, where isWanted: (Int) -> Bool) -> Int? {
            let entries = entries(of: name)
            for index in (0..<entries.count).reversed() {
                let entry = nameEntry(entries.offset(index))
                guard isWanted(entry.position) else { continue }
                // Of those that began at once, the one added first: the first in BY-NAME.
                var best = entry.position
                for earlier in (0..<index).reversed() {
                    let other = nameEntry(entries.offset(earlier))
                    guard other.start == entry.start else { break }
                    if isWanted(other.position) { best = other.position }
                }
                return best
            }
            return nil
        }

        func latestEnded(where isWanted: (Int) -> Bool) -> Int? {
            var best: (end: Duration, position: Int)?
            for name in head.groups.keys {
                let entries = entries(of: name)
                for index in (0..<entries.count).reversed() {
                    let entry = nameEntry(entries.offset(index))
                    // None before it ends later than the latest end so far.
                    if let best, entry.latestEnd < best.end { break }
                    guard isWanted(entry.position) else { continue }
                    let end = endedAt(at: entry.position)
                    if let current = best, (end, -entry.position) <= (current.end, -current.position) { continue }
                    best = (end, entry.position)
                }
            }
            return best?.position
        }

        /// Whether every row's numbers lie within the tables and its details within DETAILS, and
        /// every entry of BY-ID and BY-NAME is a run's, so that reading any field of any run cannot
        /// go astray: what the check cannot say of a file made by another build. A row's fields
        /// only; its details' are checked as read.
        func isWellFormed() -> Bool {
            var previous = -1
            for index in 0..<count {
                let (name, detail) = bytes.withBytes((row(index) + 16)..<(row(index) + HistorySnapshotFile.rowSize)) {
                    raw in
                    (
                        Int(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))),
                        Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 21, as: UInt32.self)))
                    )
                }
                guard name < head.names.count, head.names[name] != nil, detail > previous,
                    detail + Self.fixedDetails <= head.detailsSize
                else { return false }
                previous = detail
            }
            let entries = byID..<(byID + 2 * count * HistorySnapshotFile.entrySize)
            return stride(from: entries.lowerBound, to: entries.upperBound, by: HistorySnapshotFile.entrySize)
                .allSatisfy {
                    bytes.load($0 + 16, as: UInt32.self) < UInt32(count)
                }
        }
    }
}
