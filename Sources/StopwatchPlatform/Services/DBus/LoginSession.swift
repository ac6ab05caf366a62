import Glibc

/// The desktop session systemd-logind keeps for this user, over the system bus: whether its
/// screen is locked (`LockedHint`) and whether nobody has touched it for the desktop's idle delay
/// (`IdleHint`, since `IdleSinceHintMonotonic`), which GNOME, KDE and swayidle set. Read once
/// (`hints()`), then as the session tells its changes (`PropertiesChanged`, asked for with
/// `AddMatch`): `changes()` takes those that came, never asking again. logind's
/// `PrepareForSleep` (the machine about to sleep, and woken) is asked for too, only so that a
/// reader sleeping on the socket wakes with the machine: what it slept, the clocks tell.
final class LoginSession {
    /// What the session says of the person at it.
    struct Hints: Equatable {
        var locked = false
        var idle = false
        /// When the idle stretch began, on the monotonic clock (microseconds); 0 when unknown.
        var idleSinceMonotonic: UInt64 = 0

        /// Whether nobody is there, by either hint.
        var isAway: Bool { locked || idle }

        /// These hints with the properties `properties` tells changed.
        func updated(by properties: [String: DBusReader.Scalar]) -> Hints {
            var hints = self
            if case .bool(let locked) = properties["LockedHint"] { hints.locked = locked }
            if case .bool(let idle) = properties["IdleHint"] { hints.idle = idle }
            if case .uint64(let since) = properties["IdleSinceHintMonotonic"] { hints.idleSinceMonotonic = since }
            return hints
        }
    }

    /// The connection, whose socket a loop sleeps on until the session speaks.
    let connection: DBusConnection
    /// The session's object path.
    let path: String
    private static let interface = "org.freedesktop.login1.Session"

    /// The system bus: `DBUS_SYSTEM_BUS_ADDRESS`, else the well-known socket.
    static func systemBusAddress(environment: (String) -> String?) -> String {
        if let address = environment("DBUS_SYSTEM_BUS_ADDRESS"), !address.isEmpty { return address }
        return "unix:path=/run/dbus/system_bus_socket"
    }

    /// The session where the person is: the graphical session logind names for user `uid` (the
    /// user's `Display`), whatever session the caller is in (ssh, cron, a unit); where the user
    /// has none, the session `id` names (`XDG_SESSION_ID`), else the caller's own or, outside any,
    /// logind's `auto`. Its changes asked for.
    init(address: String, id: String?, uid: UInt32 = getuid()) throws(DBusConnection.Failure) {
        connection = try DBusConnection(address: address)
        if let display = Self.displaySession(of: uid, on: connection) {
            path = display
        } else {
            let answer = try connection.call(
                .call(
                    serial: 0, destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                    interface: "org.freedesktop.login1.Manager", member: "GetSession", body: [.string(id ?? "auto")]))
            var body = DBusReader(answer.bodyBytes)
            guard answer.signature == "o", let path = body.string() else { throw .malformed }
            self.path = path
        }
        try connection.addMatch(
            "type='signal',sender='org.freedesktop.login1',interface='org.freedesktop.DBus.Properties',"
                + "member='PropertiesChanged',path='\(path)',arg0='\(Self.interface)'")
        try connection.addMatch(
            "type='signal',sender='org.freedesktop.login1',interface='org.freedesktop.login1.Manager',"
                + "member='PrepareForSleep',path='/org/freedesktop/login1'")
    }

    /// The object path of user `uid`'s graphical session (`org.freedesktop.login1.User`'s
    /// `Display`, a `(so)`); nil where logind knows no such user, or it has none (`/`).
    private static func displaySession(of uid: UInt32, on connection: DBusConnection) -> String? {
        guard
            let user = try? connection.call(
                .call(
                    serial: 0, destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                    interface: "org.freedesktop.login1.Manager", member: "GetUser", body: [.uint32(uid)])),
            user.signature == "o"
        else { return nil }
        var userBody = DBusReader(user.bodyBytes)
        guard let userPath = userBody.string(),
            let answer = try? connection.call(
                .call(
                    serial: 0, destination: "org.freedesktop.login1", path: userPath,
                    interface: "org.freedesktop.DBus.Properties", member: "Get",
                    body: [.string("org.freedesktop.login1.User"), .string("Display")])),
            answer.signature == "v"
        else { return nil }
        var body = DBusReader(answer.bodyBytes)
        guard body.signature() == "(so)" else { return nil }
        body.align(8)
        guard body.string() != nil, let path = body.string(), path != "/" else { return nil }
        return path
    }

    /// The hints as the session tells them now (`GetAll`).
    func hints() throws(DBusConnection.Failure) -> Hints {
        let answer = try connection.call(
            .call(
                serial: 0, destination: "org.freedesktop.login1", path: path,
                interface: "org.freedesktop.DBus.Properties", member: "GetAll", body: [.string(Self.interface)]))
        var body = DBusReader(answer.bodyBytes)
        guard answer.signature == "a{sv}", let properties = body.properties() else { throw .malformed }
        return Hints().updated(by: properties)
    }

    /// The properties the session told changed since last taken, oldest first; the signals that
    /// only woke the reader (`PrepareForSleep`) taken with them.
    func changes() throws(DBusConnection.Failure) -> [[String: DBusReader.Scalar]] {
        try connection.takeSignals().compactMap { signal in
            guard signal.member == "PropertiesChanged", signal.path == path, signal.signature.hasPrefix("sa{sv}")
            else { return nil }
            var body = DBusReader(signal.bodyBytes)
            guard body.string() == Self.interface else { return nil }
            return body.properties()
        }
    }
}
