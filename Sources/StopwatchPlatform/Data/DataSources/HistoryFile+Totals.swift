import StopwatchCore

extension HistoryFile {
    /// This machine's kept totals (`HistoryStore.totals`): a cache of its own beside its snapshot,
    /// named so that what leaves the snapshot out of a sync (`history/snapshot-*`) leaves it out.
    var totalsFileName: String { snapshotFileName + ".totals" }

    /// The totals kept for `key` when history's files are those they were worked out from, each
    /// as long; else `compute()`'s, kept for the next reader (a cache: not synced, and one that
    /// cannot be written is no error).
    ///
    /// One line, behind a check: `CHECK 3 LABEL SPANS FILES HIDING REACHING TOTALS`, SPANS
    /// `START-END` in microseconds and FILES `NAME:SIZE`, comma-separated, HIDING the ids of the
    /// runs left out (those stopwatches hold), REACHING the instant past which runs are kept with
    /// the totals (`-` for none), TOTALS `BOOKED:COMPLETED:RUNS` a span (`PeriodTotal`), RUNS
    /// `FROM/TO/WALL/ELAPSED` a run, `;`-separated. A file grows with each change,
    /// so any change since is seen; one edited by hand to the same length is not, until the next
    /// change.
    func totals(for key: TotalsKey, _ compute: () throws -> [PeriodTotal]) throws -> [PeriodTotal] {
        guard let directory = try StateDirectory.open(path, lock: .shared, on: fileSystem) else { return try compute() }
        var files = try changeFiles(in: directory)
        if try directory.size(of: Self.earlierFileName) != nil { files.append(Self.earlierFileName) }
        // Made as bytes, field by field: the generic `joined` and interpolations cost a bar's
        // reading a fifth again (the runtime's metadata, made at their first use).
        var head: [UInt8] = Array("3\t".utf8) + Array(RunFields.machineField(key.label).utf8) + [UInt8(ascii: "\t")]
        for (index, span) in key.spans.enumerated() {
            if index > 0 { head.append(UInt8(ascii: ",")) }
            head +=
                Array(String(span.lowerBound.wholeMicroseconds).utf8) + [UInt8(ascii: "-")]
                + Array(String(span.upperBound.wholeMicroseconds).utf8)
        }
        head.append(UInt8(ascii: "\t"))
        for (index, file) in files.sorted().enumerated() {
            if index > 0 { head.append(UInt8(ascii: ",")) }
            head += Array(file.utf8) + [UInt8(ascii: ":")] + Array(String(try directory.size(of: file) ?? 0).utf8)
        }
        head.append(UInt8(ascii: "\t"))
        for (index, id) in key.hiding.enumerated() {
            if index > 0 { head.append(UInt8(ascii: ",")) }
            head += Array(id.hex.utf8)
        }
        head.append(UInt8(ascii: "\t"))
        head += key.reaching.map { Array(String($0.wholeMicroseconds).utf8) } ?? [UInt8(ascii: "-")]
        head.append(UInt8(ascii: "\t"))
        if let kept = try? directory.read(totalsFileName, limit: 64 << 10),
            let totals = Self.totals(in: kept, head: head, count: key.spans.count)
        {
            return totals
        }
        let totals = try compute()
        var body = head
        for (index, total) in totals.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body +=
                Array(String(total.booked.wholeMicroseconds).utf8) + [UInt8(ascii: ":")]
                + Array(String(total.completed).utf8) + [UInt8(ascii: ":")]
            for (number, piece) in total.reaching.enumerated() {
                if number > 0 { body.append(UInt8(ascii: ";")) }
                for (part, number) in [piece.from, piece.to, piece.wall, piece.elapsed].enumerated() {
                    if part > 0 { body.append(UInt8(ascii: "/")) }
                    body += Array(String(number).utf8)
                }
            }
        }
        directory.replaceWithoutSync(
            totalsFileName,
            with: Array(CRC32.hex(CRC32.checksum(body)).utf8) + [UInt8(ascii: "\t")] + body + [UInt8(ascii: "\n")])
        return totals
    }

    /// The `count` totals of a kept line whose check holds and that begins `head`; nil otherwise.
    private static func totals(in line: [UInt8], head: [UInt8], count: Int) -> [PeriodTotal]? {
        guard line.count > 9 + head.count, line.last == UInt8(ascii: "\n"), line[8] == UInt8(ascii: "\t"),
            let check = CRC32.parseHex(line[0..<8]), CRC32.checksum(line[9..<(line.count - 1)]) == check,
            line[9..<(9 + head.count)].elementsEqual(head)
        else { return nil }
        let fields = line[(9 + head.count)..<(line.count - 1)].split(
            separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard fields.count == count else { return nil }
        var totals: [PeriodTotal] = []
        for field in fields {
            let parts = field.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard parts.count == 3, let booked = FieldCursor.integer(parts[0]),
                let completed = FieldCursor.integer(parts[1])
            else { return nil }
            var reaching: [OverlapTally.Piece] = []
            for run in parts[2].split(separator: UInt8(ascii: ";")) {
                let numbers = run.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).compactMap {
                    FieldCursor.integer($0)
                }
                guard numbers.count == 4 else { return nil }
                reaching.append(
                    OverlapTally.Piece(from: numbers[0], to: numbers[1], wall: numbers[2], elapsed: numbers[3]))
            }
            totals.append(PeriodTotal(booked: .microseconds(booked), completed: Int(completed), reaching: reaching))
        }
        return totals
    }
}
