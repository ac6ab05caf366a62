import StopwatchCore
import Synchronization

/// A `LocalTimeZone` with a fixed offset until a test schedules daylight-saving changes.
public final class ManualTimeZone: LocalTimeZone {
    private let schedule: Mutex<(initial: Duration, changes: [(at: Duration, offset: Duration)])>

    /// A zone `offset` ahead of UTC (UTC itself by default).
    public init(offset: Duration = .zero) {
        schedule = Mutex((offset, []))
    }

    /// From `instant` (time since the Unix epoch) on, local time is `offset` ahead of UTC.
    public func changeOffset(at instant: Duration, to offset: Duration) {
        schedule.withLock { schedule in
            schedule.changes.append((instant, offset))
            schedule.changes.sort { $0.at < $1.at }
        }
    }

    public func offset(at instant: Duration) -> Duration {
        schedule.withLock { schedule in
            schedule.changes.last { $0.at <= instant }?.offset ?? schedule.initial
        }
    }
}
