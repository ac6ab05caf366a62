/// The desktop's notification server (`org.freedesktop.Notifications` on the session bus), spoken
/// to directly: one `Notify` call a notification, no `notify-send` process.
struct DesktopNotifications {
    /// The session bus's address (`DBusConnection.sessionBusAddress`).
    let address: String

    /// What the server can do (`GetCapabilities`: `body`, `actions`, …); nil when no server
    /// answers on the bus, or there is no bus.
    func capabilities() -> [String]? {
        guard let connection = try? DBusConnection(address: address),
            let answer = try? connection.call(Self.call("GetCapabilities"))
        else { return nil }
        var body = DBusReader(answer.bodyBytes)
        return answer.signature == "as" ? body.strings() : nil
    }

    private static func call(_ member: String, body: [DBusMessage.Value] = []) -> DBusMessage {
        .call(
            serial: 0, destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
            interface: "org.freedesktop.Notifications", member: member, body: body)
    }

    /// Shows `summary` and `body` as stopwatch's notification, `critical` ones staying until
    /// answered (urgency 2); false when the bus or the server could not be reached, or refused it.
    func notify(summary: String, body: String, critical: Bool = false) -> Bool {
        guard let connection = try? DBusConnection(address: address) else { return false }
        let call = Self.call(
            "Notify",
            body: [
                .string("stopwatch"), .uint32(0), .string(""), .string(summary), .string(body), .strings([]),
                critical ? .urgency(2) : .emptyDictionary, .int32(-1),
            ])
        return (try? connection.call(call)) != nil
    }
}
