import Glibc
import StopwatchCore

/// The local time zone as the C library knows it: `TZ` if set, else `/etc/localtime`.
public struct SystemTimeZone: LocalTimeZone {
    public init() {
        tzset()
    }

    public func offset(at instant: Duration) -> Duration {
        var seconds = time_t(instant.components.seconds)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return .zero }
        return .seconds(parts.tm_gmtoff)
    }
}
