/// When a change happened, told after the fact (`start --ago 10m`, `pause --at 09:15`): so long
/// before now, or at the latest moment local clocks showed a time of day. Never in the future.
public enum Backdate: Sendable, Hashable {
    case ago(Duration)
    case at(TimeOfDay)

    /// How long before `now` it was, in `zone`: `at` is the latest such time at or before now.
    public func interval(before now: TimeReading, in zone: any LocalTimeZone) -> Duration {
        switch self {
        case .ago(let duration): max(.zero, duration)
        case .at(let time): max(.zero, now.wall - time.latestInstant(atOrBefore: now.wall, in: zone))
        }
    }
}
