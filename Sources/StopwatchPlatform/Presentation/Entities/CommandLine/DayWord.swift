import StopwatchCore

/// A day as `history --since` and `--until` take it: `today`, `yesterday`, a weekday (`monday`,
/// the latest one, today included), a date (`2026-11-25`), or so many days or weeks back (`-7d`,
/// `-2w`). It is resolved in the local time zone to the instant its day begins, its local
/// midnight, which is 23 or 25 hours after the one before across a daylight-saving change.
public enum DayWord: Sendable, Hashable {
    case today
    case yesterday
    /// 0 for Monday to 6 for Sunday.
    case weekday(Int)
    case date(year: Int64, month: Int64, day: Int64)
    case daysAgo(Int64)

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    /// What completion offers; a date or `-Nd` is typed.
    static let completions = ["today", "yesterday"] + weekdays + ["-7d", "-30d"]

    /// Nil for a word that is none of them.
    public init?(_ text: String) {
        let word = text.lowercased()
        switch word {
        case "today": self = .today
        case "yesterday": self = .yesterday
        default:
            if let index = Self.weekdays.firstIndex(where: { $0 == word || ($0.hasPrefix(word) && word.count >= 3) }) {
                self = .weekday(index)
            } else if word.hasPrefix("-"), let unit = word.last, unit == "d" || unit == "w",
                let count = Int64(word.dropFirst().dropLast()), count >= 0, count <= 100_000
            {
                self = .daysAgo(unit == "w" ? count * 7 : count)
            } else if let date = Self.date(word) {
                self = date
            } else {
                return nil
            }
        }
    }

    /// `YYYY-MM-DD`, a day that exists.
    private static func date(_ text: String) -> DayWord? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int64(parts[0]), let month = Int64(parts[1]), let day = Int64(parts[2]),
            (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(month, year: year)
        else { return nil }
        return .date(year: year, month: month, day: day)
    }

    /// The number of the local day it names (days since 1970-01-01), as of `now` in `zone`.
    func day(now: Duration, zone: any LocalTimeZone) -> Int64 {
        let today = zone.day(of: now)
        switch self {
        case .today: return today
        case .yesterday: return today - 1
        case .daysAgo(let count): return today - count
        case .weekday(let index): return today - Int64((CivilDate.weekday(ofDay: today) - index + 7) % 7)
        case .date(let year, let month, let day): return CivilDate(year: year, month: month, day: day).dayNumber
        }
    }
}
