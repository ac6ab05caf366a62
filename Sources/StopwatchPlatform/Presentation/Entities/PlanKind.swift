import StopwatchCore

/// Which kind of plan a run follows, as the surfaces name it: `kind` in JSON, the words of a
/// message, which keys a live view offers.
public enum PlanKind: String, Sendable, Hashable {
    case stopwatch
    case countdown
    case cycle

    public init(_ plan: Plan) {
        switch plan {
        case .open: self = .stopwatch
        case .countdown: self = .countdown
        case .sequence: self = .cycle
        }
    }

    /// `stopwatch`, `countdown`, `cycle`.
    public var word: String { rawValue }
}
