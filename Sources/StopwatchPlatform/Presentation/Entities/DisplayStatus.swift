/// What a view says a stopwatch is doing: the Core's status, and for a countdown at or past zero,
/// running or paused, `expired`: one status for the line, templates, JSON, bars' classes and
/// urgency, and which one a bar shows. Its `token` is what JSON and the bars' classes hold (a
/// contract, docs/json-format.md); the word a person reads is the composer's
/// (`StopwatchLineComposer.statusWord`), so renaming a word never changes a document.
public enum DisplayStatus: Sendable, Hashable, CaseIterable {
    case initial
    case running
    case paused
    /// A countdown at or past zero, running or paused (paused, its overtime stands still).
    case expired

    /// `initial`, `running`, `paused` or `expired`: the machine-readable token.
    public var token: String {
        switch self {
        case .initial: "initial"
        case .running: "running"
        case .paused: "paused"
        case .expired: "expired"
        }
    }

    /// Running first, then paused, then the rest: the order of `watch --all`'s rows.
    var group: Int {
        switch self {
        case .running: 0
        case .paused: 1
        case .initial, .expired: 2
        }
    }
}
