import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// `start NAME --switch`: the other stopwatches running here paused first, countdowns and cycles
/// left running, and a moment counted once; a start refused pauses nothing.
@Suite struct StartSwitchTests {
    let directory = TemporaryDirectory()

    func machine() -> SeveralMachinesTests.Machine {
        SeveralMachinesTests.Machine(
            name: "laptop", home: directory.file("state"), clockOffset: .zero, seed: 1,
            zone: ManualTimeZone(offset: .zero))
    }

    @Test func theOtherStopwatchesPauseAndCountdownsRunOn() {
        let laptop = machine()
        #expect(laptop.run(["start", "code"]).status == .success)
        #expect(laptop.run(["timer", "25m", "tea"]).status == .success)
        laptop.clock.advance(by: .seconds(600))
        let switched = laptop.run(["start", "meeting", "--switch"])
        #expect(switched.status == .success)
        #expect(switched.output == "code: paused 10:00.00\nmeeting: running 00:00.00\n")
        laptop.clock.advance(by: .seconds(300))
        #expect(laptop.run(["status", "tea"]).output.hasPrefix("tea: running 10:00.00 left"))
        #expect(laptop.run(["status", "code"]).output.hasPrefix("code: paused 10:00.00"))
    }

    @Test func aStartRefusedPausesNothingAndABackdateIsRefused() {
        let laptop = machine()
        #expect(laptop.run(["start", "code"]).status == .success)
        #expect(laptop.run(["start", "meeting"]).status == .success)
        #expect(laptop.run(["start", "meeting", "--switch"]).status == .notApplicable)
        #expect(laptop.run(["status", "code"]).output.hasPrefix("code: running"), "nothing paused")
        let backdated = laptop.run(["start", "x", "--switch", "--ago", "5m"])
        #expect(backdated.status == .usage)
        #expect(backdated.messages.hasPrefix("stopwatch: '--switch' and '--ago' cannot be used together"))
    }
}
