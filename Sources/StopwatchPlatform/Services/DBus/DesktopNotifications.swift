/// The desktop's notification server (`org.freedesktop.Notifications` on the session bus), spoken
/// to directly: one `Notify` call a notification, no `notify-send` process.
struct DesktopNotifications {
    /// The session bus's address (`DBusConnection.sessionBusAddress`).
    let address: String

    /// Shows `summary` and `body` as stopwatch's notification; false when the bus or the server
    /// could not be reached, or refused it.
    func notify(summary: String, body: String) -> Bool {
        guard let connection = try? DBusConnection(address: address) else { return false }
        let call = DBusMessage.call(
            serial: 0, destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
            interface: "org.freedesktop.Notifications", member: "Notify",
            body: [
                .string("stopwatch"), .uint32(0), .string(""), .string(summary), .string(body), .strings([]),
                .emptyDictionary, .int32(-1),
            ])
        return (try? connection.call(call)) != nil
    }
}
