import Glibc

/// Which machine this is, for the name of the one history file it writes (`events-ID.tsv`):
/// every machine sharing a state directory (through Syncthing, git, a synced folder) appends
/// only to a file of its own, so no sync engine ever has two versions of one file to choose from.
///
/// Made, not stored: 16 hex digits of a 64-bit hash of what names the machine, so that a state
/// directory copied to another machine carries no identity the other would take for its own.
/// What names it is `STOPWATCH_MACHINE` when set (tests, or containers that share one
/// `/etc/machine-id`), else systemd's `/etc/machine-id` (or D-Bus's copy of it), else the host
/// name. A machine cloned with its `/etc/machine-id` must be given a new one, as systemd asks.
struct MachineID: Sendable, Hashable, CustomStringConvertible {
    let hex: String
    /// What the machine is called where another shows its stopwatches: its host name (`name`, for
    /// one named by `STOPWATCH_MACHINE`).
    let host: String

    /// The id `name` makes: the same on every machine and every run.
    init(naming name: String, host: String? = nil) {
        self.host = host ?? name
        // FNV-1a, 64 bits: ids of a few machines, never an adversary's.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ("stopwatch machine\n" + name).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        hex = String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// This machine's id: from `name` (`STOPWATCH_MACHINE`) when it is given and not empty, else
    /// from the system's machine id, else from the host name.
    static func current(named name: String?) -> MachineID {
        if let name, !name.isEmpty { return MachineID(naming: name) }
        var buffer = [CChar](repeating: 0, count: 256)
        let host = gethostname(&buffer, buffer.count - 1) == 0 ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        for path in ["/etc/machine-id", "/var/lib/dbus/machine-id"] {
            if let text = firstLine(of: path), !text.isEmpty { return MachineID(naming: text, host: host) }
        }
        return MachineID(naming: "host:" + host, host: host)
    }

    var description: String { hex }

    /// Whether `text` is an id as `hex` spells it: 16 lower-case hex digits.
    static func isID(_ text: Substring) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    private static func firstLine(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}
