import StopwatchCore

/// `--ago DURATION` or `--at WHEN` as typed: when a change happened, told after the fact. A day
/// in it is read when the command runs (`backdate(now:zone:)`).
public enum BackdateWord: Sendable, Hashable {
    case ago(Duration)
    case at(WhenWord)

    /// The Core's `Backdate`, a day read as of `now` in `zone`.
    func backdate(now: Duration, zone: any LocalTimeZone) -> Backdate {
        switch self {
        case .ago(let duration): .ago(duration)
        case .at(let when): .at(when.moment(now: now, zone: zone))
        }
    }
}
