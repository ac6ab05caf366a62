/// Identifies one run of the boot clock: a boot of the machine seen from one time namespace.
///
/// Two readings of the boot clock can be subtracted only when they share a session. A reboot gives a
/// new session, and so does a time namespace whose boot-clock offset differs from ours.
public struct BootSession: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}
