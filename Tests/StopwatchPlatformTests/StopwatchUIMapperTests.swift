@testable import StopwatchPlatform
import StopwatchCore
import StopwatchTestSupport
import Testing

@Suite struct StopwatchUIMapperTests {
    /// 2026-01-01T23:00:00Z, which is 2026-01-02 00:00 in UTC+1.
    let now = Duration.seconds(1_767_308_400)
    let mapper = StopwatchUIMapper(zone: ManualTimeZone(offset: .seconds(3600)))

    /// A countdown's end in local time, truncated to the minute, with its day when not today.
    @Test(arguments: [
        (0, "00:00"),
        (59, "00:00"),
        (60, "00:01"),
        (86_399, "23:59"),
        (86_400, "00:00 tomorrow"),
        (2 * 86_400 + 9 * 3600, "09:00 on 2026-01-04"),
    ])
    func theEndIsLocalTimeToTheMinute(secondsFromNow: Int64, text: String) {
        #expect(mapper.localEnd(now + .seconds(secondsFromNow), now: now) == text)
    }
}
