import Foundation
import StopwatchCore
import Testing

@testable import StopwatchPlatform

/// The boot clock is read as the host's, whatever time namespace the process is in.
@Suite struct SystemTimeSourceTests {
    let proc = TemporaryDirectory()

    /// A `/proc` with a boot id, this process's namespaces and their boot-clock offset.
    func makeProc(
        bootID: String? = "abc-123", offsets: String? = "monotonic 0 0\nboottime 1 500000000\n",
        namespace: String = "time:[42]", forChildren: String = "time:[42]"
    ) throws {
        try FileManager.default.createDirectory(
            atPath: proc.file("sys/kernel/random"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: proc.file("self/ns"), withIntermediateDirectories: true)
        if let bootID { proc.write("sys/kernel/random/boot_id", bootID + "\n") }
        if let offsets { proc.write("self/timens_offsets", offsets) }
        try FileManager.default.createSymbolicLink(atPath: proc.file("self/ns/time"), withDestinationPath: namespace)
        try FileManager.default.createSymbolicLink(
            atPath: proc.file("self/ns/time_for_children"), withDestinationPath: forChildren)
    }

    static func bootClock() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    @Test func theNamespaceOffsetIsTakenOffAndTheSessionIsTheBootAlone() throws {
        try makeProc()
        let source = SystemTimeSource(procDirectory: proc.path)
        #expect(source.bootSession == BootSession("abc-123"))
        let before = Self.bootClock()
        let reading = source.now()
        let after = Self.bootClock()
        #expect(reading.boot >= before - .milliseconds(1500) - .microseconds(1))
        #expect(reading.boot <= after - .milliseconds(1500))
        #expect(reading.boot == .microseconds(reading.boot.wholeMicroseconds), "whole microseconds")
    }

    @Test func withoutTimeNamespacesTheOffsetIsZero() throws {
        try makeProc(offsets: nil)
        let source = SystemTimeSource(procDirectory: proc.path)
        #expect(source.bootSession == BootSession("abc-123"))
        let before = Self.bootClock()
        #expect(source.now().boot >= before - .microseconds(1))
    }

    @Test(arguments: [(String?("abc-123"), "time:[7]"), (nil, "time:[42]")])
    func aSessionWithoutAKnownOffsetOrBootIsThisProcessesAlone(_ bootID: String?, _ forChildren: String) throws {
        try makeProc(bootID: bootID, forChildren: forChildren)
        let session = SystemTimeSource(procDirectory: proc.path).bootSession
        #expect(session.rawValue.hasPrefix((bootID ?? "unknown-boot") + " process:\(getpid()):"))
    }

    @Test func theBootTimeLineOfTheOffsetsIsParsed() {
        #expect(
            SystemTimeSource.parseOffset(Array("monotonic     0     0\nboottime   -100   250\n".utf8), of: "boottime")
                == .seconds(
                    -100) + .nanoseconds(250))
        #expect(SystemTimeSource.parseOffset(Array("monotonic 5 0\n".utf8), of: "boottime") == nil)
        #expect(SystemTimeSource.parseOffset(Array("boottime x 0\n".utf8), of: "boottime") == nil)
    }

    @Test func theMonotonicLineOfTheOffsetsIsParsedToo() {
        let offsets = Array("monotonic     -7     5\nboottime   -100   250\n".utf8)
        #expect(SystemTimeSource.parseOffset(offsets, of: "monotonic") == .seconds(-7) + .nanoseconds(5))
        #expect(SystemTimeSource.parseOffset(Array("boottime 1 0\n".utf8), of: "monotonic") == nil)
    }

    /// The boot clock less the monotonic clock read just after it: short by the gap between the
    /// reads, which the rounding to milliseconds takes off.
    @Test func theSleepIsToTheNearestMillisecondAndTheGapBetweenTheReadsIsNone() {
        let boot: Int64 = 1_000_000_000_000
        #expect(SystemTimeSource.asleep(bootNanoseconds: boot, monotonicNanoseconds: boot + 3_000) == .zero)
        #expect(
            SystemTimeSource.asleep(bootNanoseconds: boot, monotonicNanoseconds: boot - 60_000_000_000 + 2_000)
                == .seconds(60))
        #expect(SystemTimeSource.asleep(bootNanoseconds: 5_000_000, monotonicNanoseconds: 0) == .milliseconds(5))
    }

    @Test func readingsBetweenTwoSuspendsTellTheSameSleep() {
        let clocks = SystemTimeSource()
        let first = clocks.now()
        for _ in 0..<1000 { #expect(clocks.now().asleep == first.asleep) }
        #expect(first.asleep <= first.boot)
    }
}
