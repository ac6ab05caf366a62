import Glibc
import StopwatchCore

/// Reads the Linux wall clock (`CLOCK_REALTIME`) and boot clock (`CLOCK_BOOTTIME`).
///
/// The boot session joins the kernel's boot id with the identity of this process's time namespace:
/// `unshare -T --boottime` shifts the boot clock under the same boot id, and only the namespace
/// tells. Both are read once, as neither can change for a running process.
public final class SystemTimeSource: TimeSource {
    public let bootSession: BootSession

    public init(
        bootIDPath: String = "/proc/sys/kernel/random/boot_id",
        timeNamespacePath: String = "/proc/self/ns/time"
    ) {
        let bootID = Self.firstLine(of: bootIDPath) ?? "unknown-boot"
        let namespace = Self.linkTarget(of: timeNamespacePath) ?? "time:none"
        bootSession = BootSession("\(bootID) \(namespace)")
    }

    public func now() -> TimeReading {
        TimeReading(wall: Self.read(CLOCK_REALTIME), boot: Self.read(CLOCK_BOOTTIME), bootSession: bootSession)
    }

    /// The clock's time truncated to whole microseconds, so a reading is stored without loss.
    private static func read(_ clock: clockid_t) -> Duration {
        var time = timespec()
        clock_gettime(clock, &time)
        return .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_nsec) / 1_000)
    }

    private static func firstLine(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let line = buffer[..<count].prefix { $0 != UInt8(ascii: "\n") }
        return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
    }

    private static func linkTarget(of path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
