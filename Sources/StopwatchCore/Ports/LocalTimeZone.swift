/// The port through which the Core learns the local time zone's rules.
public protocol LocalTimeZone: Sendable {
    /// How far local time is ahead of UTC at `instant` (time since the Unix epoch); negative west of
    /// Greenwich. It changes at daylight-saving transitions.
    func offset(at instant: Duration) -> Duration
}
