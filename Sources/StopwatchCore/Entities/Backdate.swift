/// When a change happened, told after the fact (`start --ago 10m`, `pause --at 09:15`,
/// `start --at '2026-11-24 09:00'`): so long before now, or at a `Moment`. Never in the future.
public enum Backdate: Sendable, Hashable {
    /// So long before now.
    case ago(Duration)
    /// At a moment: a time of day (the latest one past), or a date and a time.
    case at(Moment)

    /// How long before `now` it was, in `zone`. A moment after `now` is
    /// `StopwatchError.inTheFuture`; a bare time that puts a start more than 12 hours back
    /// (`starting`) is `StopwatchError.needsDate`.
    public func interval(before now: TimeReading, in zone: any LocalTimeZone, starting: Bool = false)
        throws(StopwatchError) -> Duration
    {
        switch self {
        case .ago(let duration):
            return max(.zero, duration)
        case .at(let moment):
            let instant = moment.resolved(atOrBefore: now.wall, in: zone)
            guard instant <= now.wall else { throw .inTheFuture(instant, now: now.wall) }
            if starting, moment.isBare, now.wall - instant > Moment.bareLimit {
                throw .needsDate(start: instant, end: nil, length: now.wall - instant)
            }
            return now.wall - instant
        }
    }
}
