/// The last stretch nobody was there booked on a run in progress (a lock, an idle stretch, or a
/// suspend the away watcher heard the machine wake from), with its bounds: what
/// `edit RUN --away-as NAME` books as a run of another name (`BookAwayAsUseCase`), as Toggl's
/// "add idle time as a new entry" does. A lock with a night's sleep inside is one stretch: the
/// night can be booked as `sleep` whole.
public struct AwayStretch: Sendable, Hashable {
    /// What kept nobody there.
    public var cause: AwayCause
    /// When it began and ended, on the wall clock (since the Unix epoch).
    public var from: Duration
    public var to: Duration
    /// How much of it the run counted, after it last began counting: awake and asleep.
    public var length: Duration
    /// How much of `length` the machine slept: suspend's, whatever the cause (all of it for
    /// `suspend`); the rest is the cause's own.
    public var asleep: Duration

    public init(cause: AwayCause, from: Duration, to: Duration, length: Duration, asleep: Duration = .zero) {
        self.cause = cause
        self.from = from
        self.to = to
        self.length = length
        self.asleep = asleep
    }

    /// How much of it was awake: the lock's or the idle stretch's own time.
    public var awake: Duration { length - asleep }
}
