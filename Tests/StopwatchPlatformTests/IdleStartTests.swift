import StopwatchCore
import Testing

@testable import StopwatchPlatform

/// Where an idle stretch began, from logind's `IdleSinceHintMonotonic` and a reading of the
/// clocks: the monotonic clock is the boot clock less the sleep, so no clock is read apart.
@Suite struct IdleStartTests {
    // Up 500 s, 100 of them asleep: the monotonic clock reads 400 s.
    let now = TimeReading(
        wall: .seconds(1_000_000), boot: .seconds(500), bootSession: BootSession("boot-a"), asleep: .seconds(100))

    @Test func inputStoppedTenSecondsAgoOnTheMonotonicClock() {
        let start = AwayWatchSession.idleStart(390_000_000, now: now)
        #expect(start.wall == .seconds(999_990) && start.boot == .seconds(490))
        #expect(start.bootSession == now.bootSession && start.asleep == now.asleep)
    }

    @Test(arguments: [UInt64(0), 400_000_000, 450_000_000])
    func anUnknownOrLaterMomentIsNow(since: UInt64) {
        #expect(AwayWatchSession.idleStart(since, now: now) == now)
    }
}
