import StopwatchCore

/// Which kind of plan a run follows, as the surfaces name it: `kind` in JSON, the words of a
/// message, which keys a live view offers, and the plan written out in history's PLAN column.
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

    /// `stopwatch`, `countdown 25:00`, `cycle work 25:00, break 05:00 x4` (or `until stopped`):
    /// `plan` as history's PLAN column writes it, each length written by `length`.
    public static func description(of plan: Plan, length: (Duration) -> String) -> String {
        let word = PlanKind(plan).word
        return switch plan {
        case .open: word
        case .countdown(let duration): word + " " + length(duration)
        case .sequence(let sequence):
            word + " " + sequence.phases.map { "\($0.label) \(length($0.duration))" }.joined(separator: ", ")
                + (sequence.rounds.map { " x\($0)" } ?? "")
        }
    }
}
