import Glibc

/// Which machine this is, for the name of the one history file it writes (`events-ID.tsv`) and
/// the stopwatches it runs: every machine sharing a state directory (through Syncthing, git, a
/// synced folder) appends only to a file of its own, so no sync engine ever has two versions of
/// one file to choose from.
///
/// Made, not stored: 16 hex digits of a 64-bit hash of what names the machine, so that a state
/// directory copied to another machine carries no identity the other would take for its own.
/// What names it is `STOPWATCH_MACHINE` when set (tests, or containers that share one
/// `/etc/machine-id`), else systemd's `/etc/machine-id` (or D-Bus's copy of it), else the host
/// name. A machine cloned with its `/etc/machine-id` must be given a new one, as systemd asks.
/// Every `status` of a journal asks which machine wrote it, so the id is made from bytes, without
/// the strings and generic formatting that cost a `status` 3% more.
struct MachineID: Sendable, Hashable, CustomStringConvertible {
    let hex: String
    /// What `STOPWATCH_MACHINE` said, if it named the machine: also what others call it.
    private let name: String?

    /// The id `name` makes: the same on every machine and every run.
    init(naming name: String) {
        self.init(hashing: Array(name.utf8), name: name)
    }

    private init(hashing bytes: [UInt8], name: String?) {
        // FNV-1a, 64 bits: ids of a few machines, never an adversary's.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Self.salt { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        var digits = [UInt8](repeating: 0, count: 16)
        for index in 0..<16 { digits[index] = Self.hexDigits[Int((hash >> UInt64(60 - 4 * index)) & 0xF)] }
        hex = String(decoding: digits, as: UTF8.self)
        self.name = name
    }

    private static let salt = Array("stopwatch machine\n".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// This machine's id: from `name` (`STOPWATCH_MACHINE`) when it is given and not empty, else
    /// from the system's machine id, else from the host name.
    static func current(named name: String?) -> MachineID {
        if let name, !name.isEmpty { return MachineID(naming: name) }
        for path in ["/etc/machine-id", "/var/lib/dbus/machine-id"] {
            if let bytes = firstLine(of: path), !bytes.isEmpty { return MachineID(hashing: bytes, name: nil) }
        }
        return MachineID(hashing: Array(("host:" + hostName).utf8), name: nil)
    }

    /// What other machines call this one where they show its stopwatches: the name
    /// `STOPWATCH_MACHINE` gave it, else its host name.
    var host: String { name ?? Self.hostName }

    var description: String { hex }

    private static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func firstLine(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return Array(buffer[..<count].prefix { $0 != UInt8(ascii: "\n") })
    }
}
