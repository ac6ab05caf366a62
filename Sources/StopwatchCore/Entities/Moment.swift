/// A moment told after the fact: a time of day, the latest the local clocks showed it; or an
/// instant, from a date and time (`2026-11-24 09:00`, `yesterday 17:30`, ISO 8601).
///
/// A bare time keeps that rule where it stays plain: a start told with one is at most 12 hours
/// back, a block at most 12 hours long (`bareLimit`); further, what was meant is not plain (is
/// `08:30` at 07:59 yesterday's, or a slip?), and it is refused with its date to type
/// (`StopwatchError.needsDate`). An instant is never in the future.
public enum Moment: Sendable, Hashable {
    /// A time of day, the latest the local clocks showed it.
    case time(TimeOfDay)
    /// An instant, wall-clock time since the Unix epoch.
    case instant(Duration)

    /// The longest start back, or block, a bare time of day gives.
    public static let bareLimit = Duration.seconds(12 * 3600)

    /// The instant: a time of day's latest at or before `now` in `zone`; an instant as it is.
    public func resolved(atOrBefore now: Duration, in zone: any LocalTimeZone) -> Duration {
        switch self {
        case .time(let time): time.latestInstant(atOrBefore: now, in: zone)
        case .instant(let instant): instant
        }
    }

    /// True for a time of day without a date.
    public var isBare: Bool {
        if case .time = self { return true }
        return false
    }
}

extension LocalTimeZone {
    /// The instant local day `day` reads `time`: on a day the clocks go back, its first
    /// occurrence; on a day they skip it, as if they had not yet changed (as `mktime` does).
    public func instant(ofDay day: Int64, at time: TimeOfDay) -> Duration {
        let local = Duration.seconds(day * 86_400 + Int64(time.hour * 3600 + time.minute * 60 + time.second))
        let before = offset(at: local - .seconds(86_400))
        let after = offset(at: local + .seconds(86_400))
        let candidates = [before, after].map { local - $0 }.filter { offset(at: $0) == local - $0 }
        return candidates.min() ?? local - before
    }
}
