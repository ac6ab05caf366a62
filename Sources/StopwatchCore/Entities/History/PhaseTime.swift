/// One phase of a cycle's run as it ran: the time it took (its length, or less when `next` ended
/// it early), and the time the run then waited for a person before the next phase began.
public struct PhaseTime: Sendable, Hashable {
    /// The time the phase took.
    public var ran: Duration
    /// The time the run then waited for a person; zero when the next phase began at the edge.
    public var waited: Duration

    /// A phase that ran `ran`, then waited `waited`.
    public init(ran: Duration, waited: Duration = .zero) {
        self.ran = ran
        self.waited = waited
    }
}
