/// One phase of a cycle's run as it ran: the time it took (its length, or less when `next` ended
/// it early), and the time the run then waited for a person before the next phase began.
public struct PhaseTime: Sendable, Hashable {
    public var ran: Duration
    public var waited: Duration

    public init(ran: Duration, waited: Duration = .zero) {
        self.ran = ran
        self.waited = waited
    }
}
