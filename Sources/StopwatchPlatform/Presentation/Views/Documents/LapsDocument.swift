/// The JSON that `laps --json` prints: the laps and their statistics (null when there are none).
struct LapsDocument {
    var viewState: LapsViewState

    var json: JSONValue {
        .object([
            .init("name", .string(viewState.name)),
            .init("laps", .array(viewState.laps.map { LapDocument($0, withMarks: true).json })),
            .init("statistics", .optional(viewState.statistics) { statistics in
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
            }),
        ])
    }
}
