import Dispatch
import Glibc
import StopwatchCore
import Synchronization

/// Reading the lines of a file of changes: each checked, the lines of one change gathered, what
/// failed its check told apart (torn by a power cut, or changed by hand).
extension HistoryFile {
    /// What reading part of `events.tsv` found: its whole changes, its damaged lines (numbered
    /// from the part's first), how many lines it has, and the number of the last that ends a whole change.
    struct Part: Sendable {
        var log = HistoryLog()
        var lines = 0
        var lastChangeLine = 0
        /// Where the line that ended the last whole change ends, its newline included (relative
        /// to the bytes read); a change whose last line has no newline yet is not counted.
        var lastChangeEnd = 0
        /// The lines up to there.
        var coveredLines = 0
        /// Its changes were not in their order (`HistoryLog.sortBySequence`), as git's union merge
        /// leaves them: where its part ends tells nothing of which are the latest.
        var wasOutOfOrder = false
        /// The lines that fail their check and are whole (ended, no byte lost): changed by hand,
        /// not torn by a power cut, so damage to report wherever they are.
        var editedLines: Set<Int> = []
    }

    /// True for a line (its newline left out) that failed its check but was not torn: it ends, and
    /// has no lost sector in it (a sector a power cut lost reads as zeros). Such a line was changed
    /// by hand: it is reported, and never cut off as the remains of a torn append are.
    static func isEditedByHand(_ line: ArraySlice<UInt8>, ended: Bool) -> Bool {
        ended && !line.isEmpty && !line.contains(0)
    }

    /// The changes of the lines of `bytes` within `range`, which begins where a change does.
    static func changes(in bytes: [UInt8], _ range: Range<Int>, states: Bool, file: String) -> Part {
        var part = Part()
        part.log.reserveCapacity(range.count / 200)
        var names: [StopwatchName] = []
        // The eight-byte check's tables cost as much to make as checking some 6 KB a byte at a
        // time: made for a whole log, not for the few changes a correction or an undo reads.
        let slicing = range.count >= 8 << 10 ? CRC32.Slicing() : nil
        // The change being read, as its first line has it (not the line: its event is already
        // appended, and copying it again cost each line a third), and how many of its events were appended.
        var pending: (change: EventID, count: Int, sequence: Int64, madeAt: Duration, kind: HistoryChange.Kind)?
        var read = 0
        // Lines out of their place, by change and part: a change whose parts git's union merge
        // set apart, or one cut short (whose missing parts never come). Whole once all are found.
        var strays: [EventID: [Int: Stray]] = [:]
        func setAside(_ line: HistoryLine?) {
            if read > 0, let first = pending {
                for (offset, event) in part.log.events.suffix(read).enumerated() {
                    strays[first.change, default: [:]][offset + 1] = Stray(
                        count: first.count, sequence: first.sequence, madeAt: first.madeAt, kind: first.kind,
                        event: event)
                }
                part.log.dropEvents(read)
            }
            pending = nil
            read = 0
            if let line {
                strays[line.change, default: [:]][line.part] = Stray(
                    count: line.count, sequence: line.sequence, madeAt: line.madeAt, kind: line.command,
                    event: line.event)
            }
        }
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(bytes.firstNewline(from: start) ?? range.upperBound, range.upperBound)
            defer { start = end + 1 }
            part.lines += 1
            let line: HistoryLine?
            do {
                line = try HistoryLine.decode(bytes[start..<end], names: &names, states: states, slicing: slicing)
            } catch {
                line = nil
            }
            guard let line else {
                part.log.damaged.append(DamagedLine(file: file, line: part.lines))
                if Self.isEditedByHand(bytes[start..<end], ended: end < bytes.count) {
                    part.editedLines.insert(part.lines)
                }
                continue
            }
            if line.part == 1 {
                // A change begun and not ended was cut short, or has its other parts elsewhere.
                if read > 0 { setAside(nil) }
                pending = (line.change, line.count, line.sequence, line.madeAt, line.command)
                read = 0
            }
            // A part out of its place belongs to a change whose other lines were lost or are elsewhere.
            guard let first = pending, first.change == line.change, first.count == line.count,
                first.sequence == line.sequence, read == line.part - 1
            else {
                setAside(line)
                continue
            }
            part.log.appendEvent(line.event)
            read += 1
            if line.part == line.count {
                part.log.endChange(
                    id: first.change, madeAt: first.madeAt, kind: first.kind, eventCount: read, sequence: first.sequence
                )
                pending = nil
                read = 0
                part.lastChangeLine = part.lines
                if end < range.upperBound {
                    part.lastChangeEnd = end + 1 - range.lowerBound
                    part.coveredLines = part.lines
                }
            }
        }
        if read > 0 { setAside(nil) }
        if !strays.isEmpty { Self.gather(strays, into: &part.log) }
        part.wasOutOfOrder = part.log.sortBySequence()
        return part
    }

    /// A line read out of its place: its part of a change, as the line has it.
    private struct Stray {
        var count: Int
        var sequence: Int64
        var madeAt: Duration
        var kind: HistoryChange.Kind
        var event: HistoryEvent
    }

    /// The changes whose every part is among `strays`, after the others in `log`; the rest go, as a
    /// change cut short does.
    private static func gather(_ strays: [EventID: [Int: Stray]], into log: inout HistoryLog) {
        for (change, parts) in strays.sorted(by: { $0.key < $1.key }) {
            guard let first = parts[1], parts.count == first.count,
                (1...first.count).allSatisfy({
                    parts[$0].map { $0.count == first.count && $0.sequence == first.sequence } ?? false
                })
            else { continue }
            for index in 1...first.count { log.appendEvent(parts[index]!.event) }
            log.endChange(
                id: change, madeAt: first.madeAt, kind: first.kind, eventCount: first.count, sequence: first.sequence)
        }
    }

    /// The offset of the first line at or after `offset` that begins a change (within 64 lines),
    /// for `read` to cut the file there; nil when there is none.
    static func changeBoundary(in bytes: [UInt8], near offset: Int) -> Int? {
        guard var start = bytes.firstNewline(from: offset).map({ $0 + 1 }) else { return nil }
        for _ in 0..<64 {
            guard start < bytes.count, let end = bytes.firstNewline(from: start) else { return nil }
            if HistoryLine.beginsChange(bytes[start..<end]) { return start }
            start = end + 1
        }
        return nil
    }

    /// Passes each line of `bytes` to `decode`, which says whether its check held; a line whose
    /// check fails, or that throws, is added to `damaged`, by its number.
    func forEachLine(
        of bytes: [UInt8], file: String, damaged: inout [DamagedLine], _ decode: (ArraySlice<UInt8>) throws -> Bool
    ) {
        var start = bytes.startIndex
        var number = 0
        while start < bytes.endIndex {
            let end = bytes.firstNewline(from: start) ?? bytes.endIndex
            defer { start = end + 1 }
            number += 1
            let whole: Bool
            do {
                whole = try decode(bytes[start..<end])
            } catch {
                whole = false
            }
            if !whole { damaged.append(DamagedLine(file: path + "/" + file, line: number)) }
        }
    }
}
