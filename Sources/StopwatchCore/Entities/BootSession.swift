/// Identifies one run of the boot clock: a boot of the machine seen from one time namespace.
///
/// Two readings of the boot clock can be subtracted only when they share a session. A reboot gives a
/// new session, and so does a time namespace whose boot-clock offset differs from ours.
public struct BootSession: Sendable, Hashable, CustomStringConvertible {
    /// What names the session (on Linux, the boot id, with the namespace's offset when not ours).
    public let rawValue: String

    /// The session `rawValue` names.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Its name.
    public var description: String { rawValue }
}
