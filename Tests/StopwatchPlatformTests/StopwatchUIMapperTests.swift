import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

@Suite struct StopwatchUIMapperTests {
    /// 2026-01-01T23:00:00Z, which is 2026-01-02 00:00 in UTC+1.
    let now = Duration.seconds(1_767_308_400)
    let mapper = StopwatchUIMapper(zone: ManualTimeZone(offset: .seconds(3600)))

    /// A countdown's end in local time, truncated to the second, its seconds shown when not zero
    /// (`--until 17:30:45` keeps them), with its day when not today.
    @Test(arguments: [
        (0, "00:00"),
        (59, "00:00:59"),
        (60, "00:01"),
        (86_399, "23:59:59"),
        (86_400, "00:00 tomorrow"),
        (2 * 86_400 + 9 * 3600, "09:00 on 2026-01-04"),
    ])
    func theEndIsLocalTimeToTheSecond(secondsFromNow: Int64, text: String) {
        #expect(mapper.localEnd(now + .seconds(secondsFromNow), now: now) == text)
    }

    /// A view state refreshed at a later instant is the one mapped afresh at that instant, across
    /// a countdown's expiry; one of a stopwatch that is not running is the earlier one itself.
    @Test func aRefreshedViewStateIsTheOneMappedAfresh() {
        let start = TimeReading(wall: now, boot: .seconds(100), bootSession: BootSession("b"))
        func at(_ millis: Int64) -> TimeReading {
            TimeReading(
                wall: now + .milliseconds(millis), boot: .seconds(100) + .milliseconds(millis),
                bootSession: BootSession("b"))
        }
        let states = [
            StopwatchState(
                name: StopwatchName("build")!, status: .running, runningSince: start, lapCount: 2, startedAt: now),
            StopwatchState(
                name: StopwatchName("tea")!, status: .running, accumulated: .seconds(1), runningSince: start,
                startedAt: now, plan: .countdown(.seconds(3))),
            StopwatchState(
                name: StopwatchName("idle")!, status: .paused, accumulated: .milliseconds(1_234), startedAt: now),
            StopwatchState(
                name: StopwatchName("egg")!, status: .paused, accumulated: .seconds(1), startedAt: now,
                plan: .countdown(.seconds(3))),
        ]
        for state in states {
            var previous = mapper.viewState(state, at: at(0))
            for millis in stride(from: Int64(10), through: 2_500, by: 490) {
                let refreshed = mapper.viewState(previous, refreshedFor: state, at: at(millis))
                #expect(refreshed == mapper.viewState(state, at: at(millis)), "\(state.name) at \(millis) ms")
                if state.status != .running { #expect(refreshed == previous) }
                previous = refreshed
            }
        }
    }
}
