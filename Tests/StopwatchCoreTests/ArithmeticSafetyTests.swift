import StopwatchTestSupport
import Testing

@testable import StopwatchCore

/// No state and no clock reading can make the Core trap, and the time shown never goes down.
@Suite struct ArithmeticSafetyTests {
    @Test(
        arguments: [
            (Duration.microseconds(Int64.max) + .seconds(1), Int64.max),
            (Duration.microseconds(Int64.min) - .seconds(1), Int64.min),
            (Duration.seconds(Int64.max) * 3, Int64.max),
            (Duration.microseconds(1_234_567), 1_234_567),
            (Duration.nanoseconds(-1_999), -1),
        ] as [(Duration, Int64)])
    func wholeMicrosecondsTruncatesAndSaturates(_ duration: Duration, _ micros: Int64) {
        #expect(duration.wholeMicroseconds == micros)
        #expect(duration.wholeMilliseconds == micros / 1000)
    }

    @Test func extremeReadingsNeitherTrapNorGoNegative() throws {
        let name = StopwatchName.default
        let session = BootSession("boot-0")
        let since = TimeReading(wall: .microseconds(Int64.min), boot: .microseconds(Int64.min), bootSession: session)
        let now = TimeReading(wall: .microseconds(Int64.max), boot: .microseconds(Int64.max), bootSession: session)
        let state = StopwatchState(
            name: name, status: .running, accumulated: .microseconds(Int64.max), runningSince: since,
            lapCount: Int.max - 1, plan: .countdown(.microseconds(Int64.max))
        )
        #expect(state.elapsed(at: now).duration.wholeMicroseconds == Int64.max)
        let progress = try #require(state.countdownProgress(at: now))
        #expect(progress.isExpired && progress.overtime > .zero)
        let lap = try state.lapped(at: now, label: nil)
        #expect(lap.state.lapCount == Int.max)
        #expect(throws: StopwatchError.self) { try lap.state.lapped(at: now, label: nil) }
        #expect(try state.paused(at: now).accumulated > .microseconds(Int64.max))
    }

    /// Random states, with every extreme a field can hold, put through random commands while the
    /// clocks move as they can (time passing, the wall clock set either way, reboots into another
    /// session): the Core never traps, and, as each command does, rebasing before it reads, the
    /// time shown never decreases within a boot session and never falls below what a command
    /// committed (the accumulated time and the latest split) across a reboot; a countdown's time
    /// left is its duration minus that, so it never grows.
    @Test func randomStatesAtRandomTimesNeverTrapNorShowADecreasingTime() throws {
        var generator = SplitMix64(seed: 0xC10C)
        for _ in 0..<2_000 {
            var clock = TimeReading(
                wall: .microseconds(Self.anyValue(&generator)),
                boot: .microseconds(Self.anyValue(&generator)),
                bootSession: BootSession("boot-\(generator.next() % 2)")
            )
            var state = Self.randomState(&generator).rebased(at: clock)
            var shown = state.elapsed(at: clock).duration
            for _ in 0..<20 {
                let session = clock.bootSession
                let committed = max(state.accumulated, state.latestLap?.total ?? .zero)
                Self.move(&clock, &generator)
                state = state.rebased(at: clock)
                switch generator.next() % 5 {
                case 0: state = (try? state.paused(at: clock)) ?? state
                case 1: state = (try? state.resumed(at: clock)) ?? state
                case 2: state = (try? state.lapped(at: clock, label: "x"))?.state ?? state
                case 3: state = (try? state.toggled(at: clock)) ?? state
                default: break
                }
                let elapsed = state.elapsed(at: clock).duration
                let floor = clock.bootSession == session ? shown : committed
                #expect(elapsed >= floor, "elapsed went from \(floor) to \(elapsed)")
                #expect(elapsed.wholeMicroseconds >= floor.wholeMicroseconds)
                if let countdown = state.countdown, let progress = state.countdownProgress(at: clock) {
                    #expect(progress.remaining == max(.zero, countdown - elapsed))
                    #expect(progress.overtime == max(.zero, elapsed - countdown))
                }
                shown = elapsed
            }
        }
    }

    /// Any value a 64-bit field can hold, the extremes most often.
    private static func anyValue(_ generator: inout SplitMix64) -> Int64 {
        switch generator.next() % 6 {
        case 0: [Int64.min, Int64.max, 0, -1, 1 << 53, 1 << 62][Int(generator.next() % 6)]
        case 1: Int64(bitPattern: generator.next())
        default: Int64.random(in: 0...(1 << 53), using: &generator)
        }
    }

    /// A length of time: any non-negative 64-bit value, the extremes most often.
    private static func length(_ generator: inout SplitMix64) -> Int64 {
        let value = anyValue(&generator)
        return value == .min ? .max : abs(value)
    }

    /// A state a command could have left: any status, extreme times, and a latest lap whose total
    /// is at most the accumulated time (a split is never ahead of what was counted).
    private static func randomState(_ generator: inout SplitMix64) -> StopwatchState {
        let status = StopwatchStatus.allCases[Int(generator.next() % 3)]
        guard status != .initial else {
            return .initial(
                .default,
                plan: generator.next() % 2 == 0 ? .open : .countdown(.microseconds(max(1, length(&generator)))))
        }
        let accumulated = length(&generator)
        let total = Int64.random(in: 0...accumulated, using: &generator)
        let lapCount = generator.next() % 4 == 0 ? Int.max - Int(generator.next() % 2) : Int(generator.next() % 1000)
        return StopwatchState(
            name: .default,
            status: status,
            accumulated: .microseconds(accumulated),
            runningSince: status != .running
                ? nil
                : TimeReading(
                    wall: .microseconds(anyValue(&generator)), boot: .microseconds(anyValue(&generator)),
                    bootSession: BootSession("boot-\(generator.next() % 2)")
                ),
            lapCount: lapCount,
            latestLap: lapCount == 0
                ? nil
                : Lap(
                    number: lapCount, duration: .microseconds(Int64.random(in: 0...total, using: &generator)),
                    total: .microseconds(total), label: nil, recordedAt: .microseconds(anyValue(&generator))
                ),
            plan: generator.next() % 2 == 0 ? .open : .countdown(.microseconds(max(1, length(&generator))))
        )
    }

    /// One clock event: time passes (the boot clock never goes back within a session), the wall
    /// clock is set, or the machine reboots into a new session.
    private static func move(_ clock: inout TimeReading, _ generator: inout SplitMix64) {
        let step = Duration.microseconds(Int64.random(in: 0...(1 << 40), using: &generator))
        switch generator.next() % 4 {
        case 0: clock.wall = .microseconds(anyValue(&generator))
        case 1:
            clock.bootSession = BootSession("boot-\(generator.next())")
            clock.boot = .microseconds(Int64.random(in: 0...(1 << 40), using: &generator))
            clock.wall += step
        default:
            clock.wall += step
            clock.boot += step
        }
    }
}
