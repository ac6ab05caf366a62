import Dispatch
import Glibc
import StopwatchCore
import Synchronization

/// Reading a file of changes from its end: the last sequence a machine wrote, and where its last
/// whole change ends (what a torn append left after it is cut off by the next change).
extension HistoryFile {
    /// The highest sequence of the lines of `tail` that read, or nil when none does. A machine's
    /// lines rise, so the last that reads is nearly always the one; but where git's union merge put
    /// one clone's lines after the other's (two machines given one id) a line before it may be
    /// higher. Each line's sequence is read where it lies, unchecked (a newline found a word at a
    /// time), and only the highest line is decoded and checked; when it fails its check (torn,
    /// edited by hand), every line is, from the end back.
    static func lastSequence(in tail: [UInt8]) -> Int64? {
        var names: [StopwatchName] = []
        // One pass over the bytes where they lie, each line's sequence read in place: an append
        // makes it over 64 KiB, some 300 lines.
        let found = tail.withUnsafeBufferPointer { buffer -> (sequence: Int64, line: Range<Int>)? in
            guard let base = buffer.baseAddress else { return nil }
            var best: (sequence: Int64, line: Range<Int>)?
            var start = 0
            while start < buffer.count,
                let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
            {
                let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if let sequence = HistoryLine.uncheckedSequence(UnsafeBufferPointer(rebasing: buffer[start..<newline])),
                    sequence > best?.sequence ?? .min
                {
                    best = (sequence, start..<newline)
                }
                start = newline + 1
            }
            return best
        }
        guard let best = found else { return nil }
        if let line = (try? HistoryLine.decode(tail[best.line], names: &names, states: false)) ?? nil,
            line.sequence == best.sequence
        {
            return line.sequence
        }
        var highest: Int64?
        var end = tail.endIndex
        while let newline = tail[..<end].lastIndex(of: UInt8(ascii: "\n")) {
            let start = tail[..<newline].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            end = start
            if let line = (try? HistoryLine.decode(tail[start..<newline], names: &names, states: false)) ?? nil {
                highest = max(highest ?? .min, line.sequence)
            }
        }
        return highest
    }

    /// The highest sequence in another machine's `file`: that of its last line that reads, from
    /// its last 4 KiB, else 64 KiB, else the whole.
    func lastSequence(of file: String, in directory: StateDirectory) throws -> Int64 {
        for count in [4 << 10, 64 << 10, Int(Self.sizeLimit)] {
            guard let tail = try directory.readTail(file, count: count) else { return 0 }
            if let sequence = Self.lastSequence(in: tail.bytes) { return sequence }
            if tail.start == 0 { return 0 }
        }
        return 0
    }

    /// Where the next change goes in a file whose last bytes are `tail`, from `start`: after the
    /// last change whose lines are all whole, so what a torn append left (lines of a change cut
    /// short, a line torn at a sector) is cut off; at the start, in a file that holds no whole
    /// change. When a longer file's tail holds none, after its last newline: nothing is cut that a
    /// torn append cannot have left. A line after it changed by hand (ended, nothing lost, its
    /// check failing) is no torn append's: then nothing but a torn line at the very end is cut.
    static func endOfLastChange(in tail: [UInt8], at start: Int64) -> Int64 {
        let end = endOfLastWholeChange(in: tail, at: start)
        // The lines after that end: one changed by hand keeps every ended line whole.
        var lineStart = max(0, Int(end - start))
        var lastEnded: Int?
        var edited = false
        var names: [StopwatchName] = []
        while lineStart < tail.count, let newline = tail[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = tail[lineStart..<newline]
            if !line.contains(0) {
                lastEnded = newline + 1
                if ((try? HistoryLine.decode(line, names: &names, states: false)) ?? nil) == nil,
                    Self.isEditedByHand(line, ended: true)
                {
                    edited = true
                }
            }
            lineStart = newline + 1
        }
        guard edited, let lastEnded else { return end }
        return start + Int64(lastEnded)
    }

    /// `endOfLastChange` but for lines changed by hand.
    static func endOfLastWholeChange(in tail: [UInt8], at start: Int64) -> Int64 {
        var names: [StopwatchName] = []
        // The whole lines from the end back, each with the offset just past it; nil for one that
        // is not. Read as far back as asked: the last change is nearly always whole, and its
        // lines are all that is read.
        var lines: [(line: HistoryLine?, end: Int)] = []
        var end = tail.endIndex
        var exhausted = false
        func readBack(through index: Int) -> Bool {
            while lines.count <= index, !exhausted {
                guard let newline = tail[..<end].lastIndex(of: UInt8(ascii: "\n")) else {
                    exhausted = true
                    break
                }
                let lineStart = tail[..<newline].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                if lineStart == 0, start > 0 {
                    exhausted = true
                    break
                }
                lines.append(
                    (
                        (try? HistoryLine.decode(tail[lineStart..<newline], names: &names, states: false)) ?? nil,
                        newline + 1
                    ))
                end = lineStart
            }
            return lines.count > index
        }
        var index = 0
        while readBack(through: index) {
            defer { index += 1 }
            guard let last = lines[index].line, last.part == last.count, readBack(through: index + last.count - 1)
            else { continue }
            let parts = lines[index..<(index + last.count)].compactMap(\.line)
            if parts.count == last.count,
                parts.enumerated().allSatisfy({
                    $0.element.change == last.change && $0.element.part == last.count - $0.offset
                })
            {
                return start + Int64(lines[index].end)
            }
        }
        guard start > 0 else { return 0 }
        if let newline = tail.lastIndex(of: UInt8(ascii: "\n")) { return start + Int64(newline) + 1 }
        return start + Int64(tail.count)
    }
}
