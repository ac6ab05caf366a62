/// The JSON that `laps --json` prints: the laps and their statistics (null when there are none).
struct LapsDocument {
    var viewState: LapsViewState

    var json: JSONValue {
        .object([
            .init("name", .string(viewState.name)),
            .init("laps", .array(viewState.laps.map { LapDocument($0, withMarks: true).json })),
            .init("statistics", statistics),
        ])
    }

    /// The statistics, null when there are none.
    var statistics: JSONValue {
        .optional(viewState.statistics) { statistics in
            .object([
                .init("count", .integer(Int64(statistics.count))),
                .init("minimumMilliseconds", .integer(statistics.minimum.milliseconds)),
                .init("minimumMicroseconds", .integer(statistics.minimum.microseconds)),
                .init("maximumMilliseconds", .integer(statistics.maximum.milliseconds)),
                .init("maximumMicroseconds", .integer(statistics.maximum.microseconds)),
                .init("meanMilliseconds", .integer(statistics.mean.milliseconds)),
                .init("meanMicroseconds", .integer(statistics.mean.microseconds)),
                .init("medianMilliseconds", .integer(statistics.median.milliseconds)),
                .init("medianMicroseconds", .integer(statistics.median.microseconds)),
            ])
        }
    }
}

extension LapsDocument {
    /// `json` as the document's bytes (`JSONDocumentEncoder`'s: keys sorted, one line, a final
    /// newline), its laps written a lap at a time rather than as values: a hundred thousand laps as
    /// JSON values took `laps --json` 0.45 s.
    var bytes: [UInt8] {
        var bytes: [UInt8] = Array(#"{"laps":["#.utf8)
        bytes.reserveCapacity(viewState.laps.count * 230 + 512)
        var day: (number: Int64, date: [UInt8])?
        for (index, lap) in viewState.laps.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            // The members in the order of their keys, as `JSONWriter` sorts them.
            bytes += #"{"best":"#.utf8
            bytes += (lap.isBest ? "true" : "false").utf8
            bytes += #","label":"#.utf8
            bytes += lap.label.map { JSONWriter.compactBytes(.string($0)) } ?? Array("null".utf8)
            bytes += #","lapMicroseconds":"#.utf8
            bytes += String(lap.duration.microseconds).utf8
            bytes += #","lapMilliseconds":"#.utf8
            bytes += String(lap.duration.milliseconds).utf8
            bytes += #","number":"#.utf8
            bytes += String(lap.number).utf8
            bytes += #","recordedAt":""#.utf8
            RFC3339Timestamp.append(lap.recordedAtInstant, to: &bytes, day: &day)
            bytes += #"","totalMicroseconds":"#.utf8
            bytes += String(lap.total.microseconds).utf8
            bytes += #","totalMilliseconds":"#.utf8
            bytes += String(lap.total.milliseconds).utf8
            bytes += #","worst":"#.utf8
            bytes += (lap.isWorst ? "true" : "false").utf8
            bytes.append(UInt8(ascii: "}"))
        }
        // The rest as values: the name and the statistics.
        bytes += #"],"name":"#.utf8
        bytes += JSONWriter.compactBytes(.string(viewState.name))
        bytes += #","statistics":"#.utf8
        bytes += JSONWriter.compactBytes(statistics)
        bytes += "}\n".utf8
        return bytes
    }
}
