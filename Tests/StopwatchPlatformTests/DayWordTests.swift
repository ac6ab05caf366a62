import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// `history --since` and `--until` days: the words, and where a local day begins and ends in
/// zones with daylight-saving changes (their 2026 transitions, given to a fake zone).
@Suite struct DayWordTests {
    /// 2026-11-25T12:00:00Z, a Wednesday.
    let now = Duration.seconds(1_795_608_000)

    func zone(standard: Int64, daylight: Int64, from start: Int64, to end: Int64) -> ManualTimeZone {
        let zone = ManualTimeZone(offset: .seconds(standard))
        zone.changeOffset(at: .seconds(start), to: .seconds(daylight))
        zone.changeOffset(at: .seconds(end), to: .seconds(standard))
        return zone
    }

    func hours(of date: DayWord, in zone: any LocalTimeZone) -> Double {
        let day = date.day(now: now, zone: zone)
        let length = zone.start(ofDay: day + 1) - zone.start(ofDay: day)
        return Double(length.wholeMicroseconds) / 3_600_000_000
    }

    @Test func theWordsAndWhatIsNoDay() {
        #expect(DayWord("today") == .today && DayWord("Yesterday") == .yesterday)
        #expect(DayWord("monday") == .weekday(0) && DayWord("sun") == .weekday(6) && DayWord("fri") == .weekday(4))
        #expect(DayWord("-7d") == .daysAgo(7) && DayWord("-2w") == .daysAgo(14) && DayWord("-0d") == .daysAgo(0))
        #expect(DayWord("2026-02-28") == .date(year: 2026, month: 2, day: 28) && DayWord("2028-02-29") != nil)
        for word in ["tomorow", "2026-02-29", "2026-13-01", "2026-1-5", "-7", "7d", "-d", "mo", ""] {
            #expect(DayWord(word) == nil, "\(word)")
        }
    }

    @Test func daysCountFromTodayInTheLocalZone() {
        let utc = ManualTimeZone()
        let today = RFC3339Timestamp.day(now)
        #expect(DayWord.today.day(now: now, zone: utc) == today)
        #expect(DayWord.weekday(2).day(now: now, zone: utc) == today, "Wednesday is today")
        #expect(
            DayWord.weekday(0).day(now: now, zone: utc) == today - 2
                && DayWord.weekday(3).day(now: now, zone: utc) == today - 6)
        // At 12:00 UTC it is already Thursday at +13:00.
        #expect(DayWord.today.day(now: now, zone: ManualTimeZone(offset: .seconds(13 * 3600))) == today + 1)
        #expect(ManualTimeZone(offset: .seconds(3600)).start(ofDay: today) == .seconds(today * 86_400 - 3600))
    }

    @Test func aDayAcrossADaylightSavingChangeIs23Or25HoursLong() {
        // Europe/Berlin: +01:00, +02:00 from 2026-03-29T01:00Z to 2026-10-25T01:00Z.
        let berlin = zone(standard: 3600, daylight: 7200, from: 1_774_746_000, to: 1_792_890_000)
        #expect(hours(of: .date(year: 2026, month: 3, day: 29), in: berlin) == 23)
        #expect(hours(of: .date(year: 2026, month: 10, day: 25), in: berlin) == 25)
        #expect(hours(of: .date(year: 2026, month: 10, day: 26), in: berlin) == 24)
        // America/New_York: -05:00, -04:00 from 2026-03-08T07:00Z to 2026-11-01T06:00Z.
        let newYork = zone(standard: -18_000, daylight: -14_400, from: 1_772_953_200, to: 1_793_512_800)
        #expect(hours(of: .date(year: 2026, month: 3, day: 8), in: newYork) == 23)
        #expect(hours(of: .date(year: 2026, month: 11, day: 1), in: newYork) == 25)
        #expect(
            newYork.start(ofDay: DayWord.date(year: 2026, month: 11, day: 1).day(now: now, zone: newYork))
                == .seconds(1_793_505_600), "midnight at -04:00")
    }

    @Test func lordHowesHalfHourShiftMakesDaysOf23AndAHalfAnd24AndAHalfHours() {
        // Australia/Lord_Howe: +10:30, +11:00 until 2026-04-04T15:00Z and from 2026-10-03T15:30Z.
        let lordHowe = ManualTimeZone(offset: .seconds(39_600))
        lordHowe.changeOffset(at: .seconds(1_775_314_800), to: .seconds(37_800))
        lordHowe.changeOffset(at: .seconds(1_791_041_400), to: .seconds(39_600))
        #expect(hours(of: .date(year: 2026, month: 4, day: 5), in: lordHowe) == 24.5)
        #expect(hours(of: .date(year: 2026, month: 10, day: 4), in: lordHowe) == 23.5)
    }
}
