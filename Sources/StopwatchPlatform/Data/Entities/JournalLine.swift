/// One line of a stopwatch's journal, `NAME@MACHINE.jsonl` (docs/state-format.md): the state after a
/// change, the lap it recorded, or both, behind a check:
/// `{"check":"8 hex digits","lap":{…},"state":{…}}` and a newline.
///
/// The check is the CRC-32 of the line's bytes after `{"check":"…",` up to its end, newline left
/// out. A line whose check does not match was torn by a power cut (or never written whole), and a
/// reader passes over it; a line whose check matches but whose content is wrong is a bad file.
struct JournalLine: Equatable {
    var state: StopwatchFileEntity?
    var lap: LapEntity?

    /// `{"check":"` and 8 hex digits and `",`: what comes before the checked bytes.
    static let prefixLength = 20

    /// The line, its newline included.
    var bytes: [UInt8] {
        var members: [JSONValue.Member] = []
        if let lap { members.append(.init("lap", lap.json)) }
        if let state { members.append(.init("state", state.json)) }
        let body = Array(JSONWriter.compactBytes(.object(members)).dropFirst())
        return Array("{\"check\":\"\(CRC32.hex(CRC32.checksum(body)))\",".utf8) + body + [UInt8(ascii: "\n")]
    }

    /// True when `line` (its newline left out) carries a check that matches its bytes.
    static func isWhole(_ line: ArraySlice<UInt8>) -> Bool {
        guard let check = check(of: line) else { return false }
        return CRC32.checksum(line[(line.startIndex + prefixLength)...]) == check
    }

    /// `isWhole`, eight bytes at a time: for a reader of many lines.
    static func isWhole(_ line: ArraySlice<UInt8>, slicing: CRC32.Slicing) -> Bool {
        guard let check = check(of: line) else { return false }
        return slicing.checksum(line[(line.startIndex + prefixLength)...]) == check
    }

    /// The check a line carries, of the bytes after `prefixLength`. (Not with those bytes as a
    /// pair: an optional pair is a type the runtime makes at first use, which every `status`
    /// paid for.)
    private static func check(of line: ArraySlice<UInt8>) -> UInt32? {
        guard line.count > prefixLength + 1, line.last == UInt8(ascii: "}"),
            line.holds(#"{"check":""#, at: line.startIndex),
            line[line.startIndex + 18] == UInt8(ascii: "\""), line[line.startIndex + 19] == UInt8(ascii: ",")
        else { return nil }
        return CRC32.parseHex(line[(line.startIndex + 10)..<(line.startIndex + 18)])
    }

    /// The lap of a whole line (`isWhole`) that begins with it written compactly, as this store
    /// writes every lap line (`{"check":"…","lap":{…},"state":…`), read where it lies; nil for
    /// any other line, which `lapObject(in:)` or the general reader takes.
    static func compactLap(in line: ArraySlice<UInt8>) -> LapEntity? {
        let opening: StaticString = #""lap":"#
        let start = line.startIndex + prefixLength
        guard line.holds(opening, at: start),
            let (lap, end) = LapEntity.compact(atStartOf: line[(start + opening.utf8CodeUnitCount)...]),
            end < line.endIndex,
            line[end] == UInt8(ascii: ",") || line[end] == UInt8(ascii: "}")
        else { return nil }
        return lap
    }

    /// The bytes of the `lap` object of a whole line (`isWhole`) that begins with it, as this store
    /// writes every lap line (`{"check":"…","lap":{…}`), found by matching its braces outside
    /// strings; nil for a line that does not begin so, or whose object does not close.
    static func lapObject(in line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let opening = Array(#""lap":{"#.utf8)
        let start = line.startIndex + prefixLength
        guard line.count > prefixLength + opening.count, line[start..<(start + opening.count)].elementsEqual(opening)
        else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        var index = start + opening.count - 1
        while index < line.endIndex {
            let byte = line[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return line[(start + opening.count - 1)...index] }
            }
            index += 1
        }
        return nil
    }

    /// Decodes a whole line (`isWhole`), read as JSON.
    init(json: JSONValue) throws(JSONFieldError) {
        let fields = try JSONFields(json)
        state = try fields.optional("state", StopwatchFileEntity.init(json:))
        lap = try fields.optional("lap", LapEntity.init(json:))
        guard state != nil || lap != nil else { throw .missingField("state") }
    }

    init(state: StopwatchFileEntity?, lap: LapEntity?) {
        self.state = state
        self.lap = lap
    }
}
