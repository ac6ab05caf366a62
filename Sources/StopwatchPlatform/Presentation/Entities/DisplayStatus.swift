/// What a view says a stopwatch is doing: the Core's status, and for a countdown that ran past
/// zero while running, `expired`. Its raw value is the word every surface shows and JSON holds.
public enum DisplayStatus: String, Sendable, Hashable, CaseIterable {
    case initial
    case running
    case paused
    /// A running countdown at or past zero.
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
