/// How long a new countdown runs: a duration, or until a local time of day.
public enum CountdownLength: Sendable, Hashable {
    /// So long from its start.
    case duration(Duration)
    /// Until the next time local clocks read this time, fixed as an absolute instant at creation.
    case until(TimeOfDay)
}
