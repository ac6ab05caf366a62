/// What a view says a stopwatch is doing: the Core's status; for a countdown at or past zero,
/// running or paused, `expired`; for a running cycle whose phase has ended and whose next phase
/// waits for a person (`next`), `waiting`: one status for the line, templates, JSON, bars' classes and
/// urgency, and which one a bar shows. Its `token` is what JSON and the bars' classes hold (a
/// contract, docs/json-format.md); the word a person reads is the composer's
/// (`StopwatchLineComposer.statusWord`), so renaming a word never changes a document.
public enum DisplayStatus: Sendable, Hashable, CaseIterable {
    case initial
    case running
    case paused
    /// A countdown at or past zero, running or paused (paused, its overtime stands still).
    case expired
    /// A running cycle whose phase has ended, its next phase waiting for `next`: its time counts
    /// on as overtime, but nothing ends until a person acts.
    case waiting

    /// True while its time moves on: running, or waiting for a person.
    public var isCounting: Bool { self == .running || self == .waiting }

    /// `initial`, `running`, `waiting`, `paused` or `expired`: the machine-readable token.
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
