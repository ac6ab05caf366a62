/// The last locked or idle stretch booked on a run in progress, with its bounds: what
/// `edit RUN --away-as NAME` books as a run of another name (`BookAwayAsUseCase`), as Toggl's
/// "add idle time as a new entry" does.
public struct AwayStretch: Sendable, Hashable {
    /// What kept nobody there.
    public var cause: AwayCause
    /// When it began and ended, on the wall clock (since the Unix epoch).
    public var from: Duration
    public var to: Duration
    /// How much of it the run counted: awake, after the run last began counting.
    public var length: Duration

    public init(cause: AwayCause, from: Duration, to: Duration, length: Duration) {
        self.cause = cause
        self.from = from
        self.to = to
        self.length = length
    }
}
