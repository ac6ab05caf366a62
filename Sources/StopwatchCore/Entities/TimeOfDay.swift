/// A local wall-clock time of day, `HH:MM` or `HH:MM:SS`, as `timer --until` takes it.
public struct TimeOfDay: Sendable, Hashable, CustomStringConvertible {
    /// 0 to 23.
    public let hour: Int
    /// 0 to 59.
    public let minute: Int
    /// 0 to 59.
    public let second: Int

    /// The time of day; nil when a part is out of its range.
    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Parses `H:MM`, `HH:MM` or `HH:MM:SS` (24-hour); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
            parts.enumerated().allSatisfy({ index, part in
                (index == 0 ? 1...2 : 2...2).contains(part.count) && part.allSatisfy { ("0"..."9").contains($0) }
            })
        else { return nil }
        let numbers = parts.map { Int($0)! }
        self.init(hour: numbers[0], minute: numbers[1], second: parts.count == 3 ? numbers[2] : 0)
    }

    /// `HH:MM:SS`.
    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(hour)):\(two(minute)):\(two(second))"
    }

    /// The first instant after `now` (time since the Unix epoch) at which local time reads this time
    /// of day in `zone`.
    ///
    /// A time that occurs twice on the day the clocks go back is taken at its first occurrence still
    /// ahead. A time skipped when the clocks go forward is taken as if the change had not happened
    /// yet, so `02:30` on a night that jumps from 02:00 to 03:00 is 03:30 new time, as `mktime` does.
    public func nextInstant(after now: Duration, in zone: any LocalTimeZone) -> Duration {
        // Day `localToday + 2` always has a candidate after `now`.
        instants(around: now, in: zone).filter { $0 > now }.min()!
    }

    /// The latest instant at or before `now` when local clocks in `zone` show this time: today's,
    /// or yesterday's when today's is still to come (`--at`).
    public func latestInstant(atOrBefore now: Duration, in zone: any LocalTimeZone) -> Duration {
        // Day `localToday - 1` always has a candidate before `now`.
        instants(around: now, in: zone).filter { $0 <= now }.max()!
    }

    /// The instants local clocks show this time on the days from yesterday to the day after
    /// tomorrow (local), as of `now`: two on a day it is repeated, and on a day it is skipped, the
    /// instant it would have been without the change.
    private func instants(around now: Duration, in zone: any LocalTimeZone) -> [Duration] {
        let day = Duration.seconds(86_400)
        let sinceMidnight = Duration.seconds(hour * 3600 + minute * 60 + second)
        let localNow = now + zone.offset(at: now)
        let localToday = Duration.seconds(Self.floorDivide(localNow.components.seconds, by: 86_400) * 86_400)
        var instants: [Duration] = []
        for dayIndex in -1...2 {
            let local = localToday + day * dayIndex + sinceMidnight
            // Offsets never exceed a day, so the offsets a day either side of `local` (read as UTC)
            // are those before and after any change that can affect it.
            let before = zone.offset(at: local - day)
            let after = zone.offset(at: local + day)
            var candidates = [before, after].map { local - $0 }.filter { zone.offset(at: $0) == local - $0 }
            if candidates.isEmpty { candidates = [local - before] }
            instants += candidates
        }
        return instants
    }

    private static func floorDivide(_ value: Int64, by divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
