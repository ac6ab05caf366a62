import Glibc
import StopwatchCore

/// Reads the Linux wall clock (`CLOCK_REALTIME`) and boot clock (`CLOCK_BOOTTIME`), and the
/// monotonic clock (`CLOCK_MONOTONIC`), which stops in a suspend: the boot clock less it is the time
/// the machine has slept (`TimeReading.asleep`).
///
/// Boot-clock readings are the host's: a time namespace (`unshare -T --boottime`) shifts
/// `CLOCK_BOOTTIME` by an offset that `/proc/self/timens_offsets` gives, and it is taken off, so
/// every process of one boot reads the same clock whatever namespace it is in. The boot session is
/// then the kernel's boot id alone. Both are read once: neither can change for a running process.
///
/// Where the offset cannot be known (no boot id, or a process whose namespace differs from the one
/// its children get, which the offsets file describes), the session is this process's alone, so
/// its readings are never subtracted from another process's: those intervals are estimated from
/// the wall clock instead.
public final class SystemTimeSource: TimeSource {
    public let bootSession: BootSession
    /// The time namespace's boot-clock offset, taken off every boot-clock reading, in
    /// nanoseconds.
    private let bootOffset: Int64
    /// The time namespace's monotonic-clock offset, taken off every monotonic reading, in
    /// nanoseconds.
    private let monotonicOffset: Int64

    public init(procDirectory: String = "/proc") {
        let bootID = Self.firstLine(of: procDirectory + "/sys/kernel/random/boot_id")
        let offsets = Self.clockOffsets(procSelf: procDirectory + "/self")
        if let bootID, let offsets {
            bootSession = BootSession(bootID)
            (bootOffset, monotonicOffset) = (Self.nanoseconds(offsets.boot), Self.nanoseconds(offsets.monotonic))
        } else {
            bootSession = BootSession(
                "\(bootID ?? "unknown-boot") process:\(getpid()):\(Self.read(CLOCK_BOOTTIME) / 1_000)")
            (bootOffset, monotonicOffset) = (0, 0)
        }
    }

    public func now() -> TimeReading {
        let boot = Self.read(CLOCK_BOOTTIME) - bootOffset
        let monotonic = Self.read(CLOCK_MONOTONIC) - monotonicOffset
        return TimeReading(
            wall: .microseconds(Self.read(CLOCK_REALTIME) / 1_000),
            boot: .microseconds(boot / 1_000),
            bootSession: bootSession,
            asleep: Self.asleep(bootNanoseconds: boot, monotonicNanoseconds: monotonic)
        )
    }

    /// How long the machine has slept, from the boot clock and the monotonic clock read just after
    /// it, to the nearest millisecond. The two differ by a constant that changes only at a resume,
    /// but no call reads both at one instant: the monotonic clock read later makes the difference
    /// short by the gap between the reads, some hundreds of nanoseconds, which the rounding takes
    /// off, so that every reading between two suspends gives the same figure (and a machine that
    /// never slept, zero).
    static func asleep(bootNanoseconds boot: Int64, monotonicNanoseconds monotonic: Int64) -> Duration {
        .milliseconds(min((max(0, boot - monotonic) + 500_000) / 1_000_000, max(0, boot) / 1_000_000))
    }

    /// The clock's time in nanoseconds, its microseconds whole (so a reading is stored without
    /// loss): 292 years of them fit.
    private static func read(_ clock: clockid_t) -> Int64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return (Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000) * 1_000
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }

    /// The boot-clock and monotonic-clock offsets of this process's time namespace: zero on a
    /// kernel without time namespaces, nil when they cannot be told.
    ///
    /// `timens_offsets` describes the namespace this process's children get, which is its own
    /// unless it called `unshare(CLONE_NEWTIME)` itself and has not forked since; then the two
    /// `ns` links differ, and the offset of its own is not known.
    static func clockOffsets(procSelf: String) -> (boot: Duration, monotonic: Duration)? {
        guard let bytes = contents(of: procSelf + "/timens_offsets") else {
            return errno == ENOENT ? (.zero, .zero) : nil
        }
        guard let own = linkTarget(of: procSelf + "/ns/time"),
            own == linkTarget(of: procSelf + "/ns/time_for_children"),
            let boot = parseOffset(bytes, of: "boottime"), let monotonic = parseOffset(bytes, of: "monotonic")
        else { return nil }
        return (boot, monotonic)
    }

    /// The line of `timens_offsets` for `clock` (`boottime  SECONDS  NANOSECONDS`) as a duration.
    static func parseOffset(_ bytes: [UInt8], of clock: String) -> Duration? {
        // Scanned in place by indices, with no array or tuple of slices made on the way: every
        // process reads this file, and the runtime makes each such type at its first use.
        let (space, newline) = (UInt8(ascii: " "), UInt8(ascii: "\n"))
        var index = bytes.startIndex
        while index < bytes.endIndex {
            // `boottime SECONDS NANOSECONDS`, the fields apart by one space or more.
            var starts = (0, 0, 0)
            var ends = (0, 0, 0)
            var count = 0
            while index < bytes.endIndex, bytes[index] != newline {
                if bytes[index] == space {
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.endIndex, bytes[index] != space, bytes[index] != newline { index += 1 }
                switch count {
                case 0: (starts.0, ends.0) = (start, index)
                case 1: (starts.1, ends.1) = (start, index)
                case 2: (starts.2, ends.2) = (start, index)
                default: break
                }
                count += 1
            }
            index += 1
            guard count == 3, bytes[starts.0..<ends.0].elementsEqual(clock.utf8) else { continue }
            guard let seconds = integer(bytes[starts.1..<ends.1]), let nanoseconds = integer(bytes[starts.2..<ends.2])
            else { return nil }
            return .seconds(seconds) + .nanoseconds(nanoseconds)
        }
        return nil
    }

    private static func integer(_ digits: ArraySlice<UInt8>) -> Int64? {
        var rest = digits[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative { rest = rest.dropFirst() }
        guard !rest.isEmpty, rest.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in rest {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    private static func firstLine(of path: String) -> String? {
        guard let bytes = contents(of: path) else { return nil }
        let line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
    }

    /// Up to 4 KiB of a small file such as those in `/proc`; nil with `errno` set when it cannot be read.
    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        guard count >= 0 else { return nil }
        buffer.removeLast(buffer.count - count)
        return buffer
    }

    /// The bytes a symbolic link holds, compared as they are: no string is made of them.
    private static func linkTarget(of path: String) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { readlink(path, $0.baseAddress!, $0.count - 1) }
        }
        guard count > 0 else { return nil }
        buffer.removeLast(buffer.count - count)
        return buffer
    }
}
