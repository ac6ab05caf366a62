import StopwatchCore

/// What a view says a stopwatch is doing: the Core's reading of it (`RunReading.Status`), one
/// status for the line, templates, JSON, bars' classes and urgency, and which one a bar shows.
public typealias DisplayStatus = RunReading.Status

extension RunReading.Status {
    /// `initial`, `running`, `waiting`, `paused` or `expired`: the machine-readable token that
    /// JSON and the bars' classes hold (a contract, docs/json-format.md); the word a person reads
    /// is the composer's (`StopwatchLineComposer.statusWord`), so renaming a word never changes a
    /// document.
    public var token: String {
        switch self {
        case .initial: "initial"
        case .running: "running"
        case .paused: "paused"
        case .expired: "expired"
        case .waiting: "waiting"
        }
    }

    /// Running (or waiting) first, then paused, then the rest: the order of `watch --all`'s rows.
    var group: Int {
        switch self {
        case .running, .waiting: 0
        case .paused: 1
        case .initial, .expired: 2
        }
    }
}
