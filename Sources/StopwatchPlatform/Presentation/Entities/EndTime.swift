import StopwatchCore

/// When a running countdown or a cycle's phase ends, told in the form a surface asks for, and only
/// when it asks: most surfaces (a prompt's `status`) show no end, and telling a local time costs a
/// zone lookup and a string each.
///
/// Two are equal when they are the same instant: what a view compares from one tick to the next.
public struct EndTime: Sendable, Hashable {
    /// The wall-clock instant, since the Unix epoch.
    public let instant: Duration
    /// The wall-clock time it was read at: what "tomorrow" is told against.
    let now: Duration
    let zone: any LocalTimeZone

    public init(instant: Duration, now: Duration, zone: any LocalTimeZone) {
        self.instant = instant
        self.now = now
        self.zone = zone
    }

    /// RFC 3339 UTC, for JSON: `2026-11-26T17:30:00.000000Z`.
    public var utc: String { RFC3339Timestamp.string(from: instant) }

    /// The local time, `17:30`, `17:30:45`, `12:26 tomorrow` (`StopwatchUIMapper.localEnd`).
    public var local: String { StopwatchUIMapper.localEnd(instant, now: now, zone: zone) }

    public static func == (left: EndTime, right: EndTime) -> Bool { left.instant == right.instant }
    public func hash(into hasher: inout Hasher) { hasher.combine(instant) }
}
