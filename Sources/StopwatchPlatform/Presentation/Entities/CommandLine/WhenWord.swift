import StopwatchCore

/// A moment as the command line takes it (`--at`, `track`, `edit --start`, `split`,
/// `--since`): a time of day (`17:30`, `17:30:05`), the latest the local clocks showed it; a day
/// and a time, in one word or two joined by a space (`yesterday 17:30`, `monday 09:00`,
/// `2026-11-24 09:00`, `-2d 08:00`); or ISO 8601 (`2026-11-24T09:00`, with seconds and a fraction,
/// and with `Z` or an offset, `+01:00`, an instant wherever the reader is).
public enum WhenWord: Sendable, Hashable {
    case time(TimeOfDay)
    /// A local day and time; `fraction` its microseconds past the second.
    case dated(DayWord, TimeOfDay, fraction: Int64)
    /// An instant, with its own offset.
    case instant(Duration)

    /// Nil for text that is none of them.
    public init?(_ text: String) {
        if let time = TimeOfDay(text) {
            self = .time(time)
            return
        }
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        guard parts.count == 2, let day = DayWord(parts[0]) else { return nil }
        var clock = parts[1]
        var offset: Int64?
        if clock.hasSuffix("Z") || clock.hasSuffix("z") {
            clock.removeLast()
            offset = 0
        } else if let sign = clock.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = String(clock[clock.index(after: sign)...].filter { $0 != ":" })
            guard zone.count == 4 || zone.count == 2, let value = Int64(zone), zone.allSatisfy(\.isASCII) else {
                return nil
            }
            let minutes = zone.count == 4 ? (value / 100) * 60 + value % 100 : value * 60
            guard minutes <= 24 * 60 else { return nil }
            offset = (clock[sign] == "-" ? -minutes : minutes) * 60
            clock = String(clock[..<sign])
        }
        var fraction: Int64 = 0
        if let dot = clock.firstIndex(where: { $0 == "." || $0 == "," }) {
            let digits = clock[clock.index(after: dot)...]
            guard (1...9).contains(digits.count), digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            let micro = String(digits.prefix(6))
            fraction = Int64(micro + String(repeating: "0", count: 6 - micro.count))!
            clock = String(clock[..<dot])
        }
        guard let time = TimeOfDay(clock), fraction == 0 || clock.split(separator: ":").count == 3 else { return nil }
        if let offset {
            // Only a date has an offset of its own: `yesterday` is the reader's.
            guard case .date(let year, let month, let date) = day else { return nil }
            let local =
                CivilDate(year: year, month: month, day: date).dayNumber * 86_400
                + Int64(time.hour * 3600 + time.minute * 60 + time.second)
            self = .instant(.seconds(local - offset) + .microseconds(fraction))
        } else {
            self = .dated(day, time, fraction: fraction)
        }
    }

    /// The moment it names, a day read as of `now` in `zone`.
    func moment(now: Duration, zone: any LocalTimeZone) -> Moment {
        switch self {
        case .time(let time): .time(time)
        case .dated(let day, let time, let fraction):
            .instant(zone.instant(ofDay: day.day(now: now, zone: zone), at: time) + .microseconds(fraction))
        case .instant(let instant): .instant(instant)
        }
    }

    /// `2026-11-24 09:00` (seconds shown only when not zero): how a message gives `instant` with
    /// its local date, to be typed back.
    static func dated(_ instant: Duration, in zone: any LocalTimeZone) -> String {
        let local = instant + zone.offset(at: instant)
        let time = RFC3339Timestamp.timeOfDay(local)
        return RFC3339Timestamp.date(local) + " " + String(time.prefix(time.dropFirst(5).hasPrefix(":00") ? 5 : 8))
    }
}
