import StopwatchTestSupport
import Testing

@testable import StopwatchCore

/// `timer --until HH:MM[:SS]`: the next local time of day, right across daylight-saving changes.
@Suite struct TimeOfDayTests {
    /// 2026-03-08T00:00:00Z, a Sunday; all instants below are seconds from here.
    let midnight = Duration.seconds(1_772_928_000)
    let hour = Duration.seconds(3600)

    @Test(arguments: [
        ("17:30", TimeOfDay(hour: 17, minute: 30)),
        ("7:05", TimeOfDay(hour: 7, minute: 5)),
        ("00:00:59", TimeOfDay(hour: 0, minute: 0, second: 59)),
        ("23:59:59", TimeOfDay(hour: 23, minute: 59, second: 59)),
        ("24:00", nil),
        ("12:60", nil),
        ("12:00:60", nil),
        ("12", nil),
        ("12:5", nil),
        ("123:00", nil),
        ("12:00:00:00", nil),
        ("-1:00", nil),
        ("ab:cd", nil),
        ("", nil),
    ])
    func parses(_ text: String, _ expected: TimeOfDay?) {
        #expect(TimeOfDay(text) == expected)
    }

    @Test func laterTodayOrElseTomorrow() {
        let zone = ManualTimeZone()
        let now = midnight + hour * 10
        #expect(
            TimeOfDay(hour: 17, minute: 30)!.nextInstant(after: now, in: zone) == midnight + hour * 17 + .seconds(1800))
        #expect(TimeOfDay(hour: 9, minute: 0)!.nextInstant(after: now, in: zone) == midnight + hour * 33)
        #expect(TimeOfDay(hour: 10, minute: 0)!.nextInstant(after: now, in: zone) == midnight + hour * 34)
    }

    @Test func localTimeIsTheZones() {
        // UTC-5: 10:00Z is 05:00 local, so local 06:00 is 11:00Z.
        let zone = ManualTimeZone(offset: hour * -5)
        #expect(
            TimeOfDay(hour: 6, minute: 0)!.nextInstant(after: midnight + hour * 10, in: zone) == midnight + hour * 11)
        // Local 04:00 has passed today: tomorrow 09:00Z.
        #expect(
            TimeOfDay(hour: 4, minute: 0)!.nextInstant(after: midnight + hour * 10, in: zone) == midnight + hour * 33)
    }

    @Test func acrossTheNightTheClocksGoForward() {
        // UTC-5 until 07:00Z, when local 02:00 becomes 03:00 (UTC-4).
        let zone = ManualTimeZone(offset: hour * -5)
        zone.changeOffset(at: midnight + hour * 7, to: hour * -4)
        let evening = midnight - hour * 2  // 17:00 local the day before
        // 06:00 local after the change is 10:00Z: eleven hours ahead, not twelve.
        #expect(TimeOfDay(hour: 6, minute: 0)!.nextInstant(after: evening, in: zone) == midnight + hour * 10)
        // 01:30 local, before the change, is 06:30Z.
        #expect(
            TimeOfDay(hour: 1, minute: 30)!.nextInstant(after: evening, in: zone) == midnight + hour * 6
                + .seconds(1800))
        // 02:30 does not exist that night; it is taken as 03:30 new time, 07:30Z.
        #expect(
            TimeOfDay(hour: 2, minute: 30)!.nextInstant(after: evening, in: zone) == midnight + hour * 7
                + .seconds(1800))
    }

    @Test func acrossTheNightTheClocksGoBack() {
        // UTC-4 until 06:00Z, when local 02:00 becomes 01:00 (UTC-5): 01:30 happens twice.
        let zone = ManualTimeZone(offset: hour * -4)
        zone.changeOffset(at: midnight + hour * 6, to: hour * -5)
        let evening = midnight - hour * 2
        // The first 01:30 is 05:30Z; once that has passed, the second is 06:30Z.
        let time = TimeOfDay(hour: 1, minute: 30)!
        #expect(time.nextInstant(after: evening, in: zone) == midnight + hour * 5 + .seconds(1800))
        #expect(time.nextInstant(after: midnight + hour * 6, in: zone) == midnight + hour * 6 + .seconds(1800))
        // 08:00 local after the change is 13:00Z.
        #expect(TimeOfDay(hour: 8, minute: 0)!.nextInstant(after: evening, in: zone) == midnight + hour * 13)
    }

    @Test func theInstantIsFixedWhenTheCountdownIsCreated() throws {
        // A countdown to 06:00 created at 17:00 before a spring-forward night: 13 hours on the local
        // clock face, 12 on the boot clock, whatever the wall clock does meanwhile.
        let clock = ManualTimeSource(wall: midnight - hour * 2)
        let zone = ManualTimeZone(offset: hour * -5)
        zone.changeOffset(at: midnight + hour * 7, to: hour * -4)
        let name = StopwatchName("alarm")!
        let store = InMemoryStopwatchStore()
        let state = try StartPlanUseCase(
            store: store, stateStore: StateStore(.initial(name)), timeSource: clock, ids: SequentialIDSource.shared,
            timeZone: zone
        )
        .execute(name, for: .until(TimeOfDay(hour: 6, minute: 0)!), replacing: false)
        #expect(state.countdown == hour * 12)
        clock.advance(by: hour * 12 - .microseconds(1))
        #expect(state.countdownProgress(at: clock.now())?.isExpired == false)
        clock.shiftWallClock(by: hour * 5)
        clock.advance(by: .microseconds(1))
        #expect(state.countdownProgress(at: clock.now())?.isExpired == true)
    }
}
