/// A day of the proleptic Gregorian calendar, and its number: days since 1970-01-01 (day 0).
///
/// The conversions are the civil-date algorithms (days from a date and back, in whole eras of 400
/// years), exact for any year from 0 to 9999, with no calendar library.
public struct CivilDate: Sendable, Hashable, Comparable {
    /// The year, 0 to 9999.
    public var year: Int64
    /// The month, 1 to 12.
    public var month: Int64
    /// The day of the month, from 1.
    public var day: Int64

    /// The date `year-month-day`, unchecked: `daysInMonth(_:year:)` says what a month holds.
    public init(year: Int64, month: Int64, day: Int64) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date of day `number`.
    public init(dayNumber number: Int64) {
        let shifted = number + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 0 for Monday to 6 for Sunday (1970-01-01 was a Thursday).
    public static func weekday(ofDay number: Int64) -> Int {
        Int(((number + 3) % 7 + 7) % 7)
    }

    /// The ISO 8601 week of day `number`: the year its Thursday falls in, and the week of that
    /// year, from 1 (the week with the year's first Thursday).
    public static func isoWeek(ofDay number: Int64) -> (year: Int64, week: Int) {
        let thursday = number - Int64(weekday(ofDay: number)) + 3
        let year = CivilDate(dayNumber: thursday).year
        return (year, Int((thursday - CivilDate(year: year, month: 1, day: 1).dayNumber) / 7) + 1)
    }

    /// How many days `month` of `year` has, leap years counted.
    public static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Earlier in the calendar: by year, then month, then day.
    public static func < (left: CivilDate, right: CivilDate) -> Bool {
        (left.year, left.month, left.day) < (right.year, right.month, right.day)
    }
}
