import StopwatchCore

/// The files of other tools that `import` reads, as `--format` names them.
public enum ImportFormat: String, Sendable, Hashable, CaseIterable {
    /// `timew export`: a JSON array of intervals, `{"start": "20261125T090000Z", "end": …, "tags":
    /// […], "annotation": …}`.
    case timew
    /// Watson's `frames` file: a JSON array of `[start, stop, project, id, [tags], updated_at]`,
    /// times in seconds since the epoch.
    case watson

    /// Reads `bytes` as a file of this format (or, when nil, of the format its first element has)
    /// into runs: each given an id from `ids` (a Watson frame keeps its own), named `name` when
    /// given. Intervals still open are passed over and counted. Anything malformed throws, with
    /// where it is: nothing is imported from a file that is not whole.
    /// `known` are the names of the stopwatches and runs there are: among an interval's tags
    /// (which Timewarrior keeps in no order), one of them is its name.
    static func runs(
        in bytes: [UInt8], format: ImportFormat?, name: StopwatchName?, ids: any IDSource,
        known: Set<StopwatchName> = []
    ) throws(ImportFailure) -> (runs: [RunRecord], open: Int) {
        let json: JSONValue
        do {
            json = try JSONReader.read(bytes)
        } catch {
            throw ImportFailure(element: nil, reason: .notJSON(offset: error.offset))
        }
        guard case .array(let items) = json else { throw ImportFailure(element: nil, reason: .notAnArray) }
        let format = format ?? (items.first.map { if case .array = $0 { .watson } else { .timew } } ?? .timew)
        var runs: [RunRecord] = []
        var open = 0
        for (index, item) in items.enumerated() {
            switch format {
            case .timew:
                guard let run = try timewInterval(item, element: index + 1, name: name, ids: ids, known: known) else {
                    open += 1
                    continue
                }
                runs.append(run)
            case .watson:
                runs.append(try watsonFrame(item, element: index + 1, name: name, ids: ids))
            }
        }
        return (runs, open)
    }

    private static func timewInterval(
        _ item: JSONValue, element: Int, name: StopwatchName?, ids: any IDSource, known: Set<StopwatchName>
    ) throws(ImportFailure) -> RunRecord? {
        func failure(_ field: String) -> ImportFailure { ImportFailure(element: element, reason: .badField(field)) }
        guard case .object = item, case .string(let startText)? = item["start"] else { throw failure("start") }
        guard let start = RFC3339Timestamp.duration(fromBasic: startText), inRange(start) else {
            throw failure("start")
        }
        guard let endValue = item["end"] else { return nil }
        guard case .string(let endText) = endValue, let end = RFC3339Timestamp.duration(fromBasic: endText),
            end >= start, inRange(end)
        else {
            throw failure("end")
        }
        var tags: [String] = []
        if let value = item["tags"] {
            guard case .array(let values) = value else { throw failure("tags") }
            for value in values {
                guard case .string(let tag) = value else { throw failure("tags") }
                tags.append(tag)
            }
        }
        // The first tag that names a stopwatch or a run there is names the run, else the first
        // that is a name (`history --format timew` writes the name first); the others are its tags.
        guard name == nil,
            let first = tags.firstIndex(where: { StopwatchName($0).map(known.contains) ?? false })
                ?? tags.firstIndex(where: { StopwatchName($0) != nil })
        else {
            return run(ids.next(), name: name ?? untagged, start: start, end: end, tags: tags)
        }
        let named = StopwatchName(tags.remove(at: first))!
        return run(ids.next(), name: named, start: start, end: end, tags: tags)
    }

    private static func watsonFrame(_ item: JSONValue, element: Int, name: StopwatchName?, ids: any IDSource)
        throws(ImportFailure) -> RunRecord
    {
        func failure(_ field: String) -> ImportFailure { ImportFailure(element: element, reason: .badField(field)) }
        guard case .array(let fields) = item, fields.count >= 5 else { throw failure("frame") }
        guard case .integer(let start) = fields[0], inRange(.seconds(start)) else { throw failure("start") }
        guard case .integer(let stop) = fields[1], stop >= start, inRange(.seconds(stop)) else { throw failure("stop") }
        guard case .string(let project) = fields[2] else { throw failure("project") }
        guard case .array(let values) = fields[4] else { throw failure("tags") }
        var tags: [String] = []
        for value in values {
            guard case .string(let tag) = value else { throw failure("tags") }
            tags.append(tag)
        }
        var id = ids.next()
        if case .string(let hex) = fields[3], let own = EventID(hex: ArraySlice(hex.utf8)) { id = own }
        let named =
            name ?? Self.made(project, maximumLength: StopwatchName.maximumLength).flatMap(StopwatchName.init)
            ?? untagged
        return run(id, name: named, start: .seconds(start), end: .seconds(stop), tags: tags)
    }

    /// Whether `instant` is one history can keep (docs/state-format.md, "Ranges").
    private static func inRange(_ instant: Duration) -> Bool {
        abs(instant.wholeMicroseconds) < StoredRange.largestExact
    }

    /// The name a run of no tags is given: the one `history --format timew` leaves out again.
    static let untagged = StopwatchName("untagged")!

    private static func run(_ id: EventID, name: StopwatchName, start: Duration, end: Duration, tags: [String])
        -> RunRecord
    {
        var run = RunRecord(
            id: id, name: name, plan: .open, startedAt: start, endedAt: end, elapsed: end - start, isEstimated: false,
            lapCount: 0)
        run.tags = Array(
            Tag.normalized(tags.compactMap { made($0, maximumLength: Tag.maximumLength) }).prefix(Tag.maximumCount))
        return run
    }

    /// `text` made a tag or a name: each character outside letters, digits, `-`, `_` and `.`
    /// made `-`, what comes before its first letter or digit left out, cut to `maximumLength`;
    /// nil when nothing is left.
    static func made(_ text: String, maximumLength: Int) -> String? {
        var made = String(
            text.unicodeScalars.map { scalar -> Character in
                let character = Character(scalar)
                return character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character))
                    ? character : "-"
            })
        while let first = made.first, !(first.isLetter || first.isNumber) { made.removeFirst() }
        made = String(made.prefix(maximumLength))
        return made.isEmpty ? nil : made
    }
}

/// Why a file `import` read is not whole: nothing is imported from it.
public struct ImportFailure: Error, Sendable, Hashable {
    /// The element of its array, from 1; nil for the whole file.
    public var element: Int?
    public var reason: Reason
    /// The file, `-` for standard input; set by the command.
    public var path = ""

    public enum Reason: Sendable, Hashable {
        /// Not JSON; the offset in bytes of the first thing wrong.
        case notJSON(offset: Int)
        case notAnArray
        /// A field missing, of the wrong type, or out of range.
        case badField(String)
        /// The file could not be read.
        case unreadable(errno: Int32)
    }
}
