import StopwatchCore

/// What a run shows of its away time: how long the machine slept while it counted, and whether
/// that time counts in it (`AwayPolicy`).
public struct AwayViewState: Sendable, Hashable {
    /// How long the machine slept while the run counted; zero for none.
    public var time: DurationViewState
    /// What the run does with it.
    public var policy: AwayPolicy

    /// None yet, kept when there is: a stopwatch's.
    public static let none = AwayViewState(time: .zero, policy: .keep)

    public init(time: DurationViewState, policy: AwayPolicy) {
        self.time = time
        self.policy = policy
    }

    /// `kept` or `dropped`: what became of the time, as a line says it.
    public var outcome: String {
        switch policy {
        case .keep: "kept"
        case .drop: "dropped"
        }
    }
}
