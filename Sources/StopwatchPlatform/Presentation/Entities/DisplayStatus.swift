/// What a view says a stopwatch is doing: the Core's status, and for a countdown at or past zero,
/// running or paused, `expired`: one status for the line, templates, JSON, bars' classes and
/// urgency, and which one a bar shows. Its raw value is the word every surface shows and JSON holds.
public enum DisplayStatus: String, Sendable, Hashable, CaseIterable {
    case initial
    case running
    case paused
    /// A countdown at or past zero, running or paused (paused, its overtime stands still).
    case expired

    /// Running first, then paused, then the rest: the order of `watch --all`'s rows.
    var group: Int {
        switch self {
        case .running: 0
        case .paused: 1
        case .initial, .expired: 2
        }
    }
}
