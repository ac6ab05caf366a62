import Foundation
import StopwatchCore
import StopwatchTestSupport
import Testing

@testable import StopwatchPlatform

/// The away watcher's booking on a disk that is full (issue 61: it was dropped in silence): the
/// runs it could not be written on are named, nothing is changed, and tried again once there is
/// room, the stretch is booked as it ended, the time since counted.
@Suite struct AwayBookingTests {
    func json(_ machine: SimulatedMachine, _ name: String) throws -> [String: Any] {
        let output = machine.run(["status", name, "--json"]).output
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    @Test func aBookingThatCannotBeWrittenIsNamedAndBookedAsTheStretchEndedOnceThereIsRoom() throws {
        let machine = SimulatedMachine(
            name: "laptop", wall: .seconds(1_795_420_800), zone: ManualTimeZone(offset: .zero), seed: 1)
        #expect(machine.run(["start", "work"]).status == 0)
        #expect(machine.run(["timer", "1h", "tea", "--away", "drop"]).status == 0)
        machine.clock.advance(by: .seconds(60))
        let locked = machine.clock.now()
        machine.clock.advance(by: .seconds(600))
        let unlocked = machine.clock.now()
        let files = machine.files
        machine.disk.fill()
        let first = machine.bookAway(.lock, since: locked)
        #expect(first.booked.isEmpty && Set(first.failed) == ["work", "tea"])
        #expect(machine.files == files, "a booking that failed changed nothing")
        machine.clock.advance(by: .seconds(30))
        machine.disk.fill(false)
        let again = machine.bookAway(.lock, since: locked, until: unlocked, only: first.failed)
        #expect(Set(again.booked) == ["work", "tea"] && again.failed.isEmpty)
        let work = try json(machine, "work")
        #expect(work["awayMilliseconds"] as? Int == 600_000, "the stretch as it ended, not to the retry")
        #expect(work["elapsedMilliseconds"] as? Int == 690_000, "kept: it counts, and runs on since")
        let tea = try json(machine, "tea")
        #expect(tea["awayMilliseconds"] as? Int == 600_000)
        #expect(tea["elapsedMilliseconds"] as? Int == 90_000, "dropped: the minute before and the 30 s since")
    }

    @Test func theNoteSaysWhoseAwayTimeWasNotWrittenWhyAndThatItIsTriedAgain() {
        let note = MessageMapper.line(
            for: .awayNotWritten(
                [StopwatchName("work")!, StopwatchName("tea")!], .lock, length: .seconds(600),
                reason: "No space left on device", retry: AwayWatchSession.retryInterval))
        #expect(
            note
                == "the away time of 'work', 'tea' (lock, 10:00.00) could not be written: No space left on device; the away watcher tries again every 30 s"
        )
    }
}
