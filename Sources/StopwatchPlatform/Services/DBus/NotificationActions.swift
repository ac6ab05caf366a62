import Glibc
import StopwatchCore

/// Notifications a person can answer, and their answers: one connection to the notification
/// server, kept open, on which each such notification is sent (some servers tell the answer only
/// to the connection that sent it) and the server's `ActionInvoked` and `NotificationClosed`
/// are heard. A background waiter holds it while a notification it sent may still be answered.
///
/// Unchecked `Sendable`: it is used on one thread only, its waiter's.
final class NotificationActions: @unchecked Sendable {
    /// A notification sent and not yet answered: for which run, and what it offered.
    struct Awaited: Equatable {
        var name: StopwatchName
        /// The run it was sent for, once known: an answer to another run's is let go.
        var runID: EventID?
        /// The keys of the actions it offered.
        var offered: [String]
        /// The hook the run had, armed again by five more minutes; nil for a notification of away
        /// time.
        var hook: ExpiryHook?
        /// For a notification of away time, the run's away time it named: an answer decides up to
        /// there, and no further (`edit --away`'s decision of a run that asks).
        var awayUpTo: Duration? = nil
    }

    /// What the server said of a notification.
    enum Answer: Equatable {
        /// The person chose the action of this key.
        case chosen(id: UInt32, key: String)
        /// It went: expired, dismissed, or closed.
        case closed(id: UInt32)
    }

    /// The session bus's address.
    let address: String
    private var connection: DBusConnection?
    /// Whether the server shows actions, once asked (its capabilities).
    private var showsActions: Bool?
    /// The notifications sent and not yet answered, by id.
    private(set) var awaited: [UInt32: Awaited] = [:]

    init(address: String) {
        self.address = address
    }

    /// The socket answers come on, while a connection is open.
    var descriptor: Int32? { connection?.fileDescriptor }

    /// Sends a notification offering `actions` (each a key and the words of its button) where the
    /// server shows actions, and then waits for its answer (`awaited`); false when it could not be
    /// sent that way (no server, no actions: `DesktopNotifications` then sends it plain). With
    /// `replacing`, the id of one sent before and not yet answered, it takes that one's place on
    /// screen (`replaces_id`) and in `awaited`.
    func notify(
        summary: String, body: String, offering actions: [(key: String, label: String)], awaiting: Awaited,
        critical: Bool = false, replacing: UInt32 = 0
    ) -> Bool {
        guard !actions.isEmpty, let connection = connected() else { return false }
        let call = DBusMessage.call(
            serial: 0, destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
            interface: "org.freedesktop.Notifications", member: "Notify",
            body: [
                .string("stopwatch"), .uint32(replacing), .string(""), .string(summary), .string(body),
                .strings(actions.flatMap { [$0.key, $0.label] }), critical ? .urgency(2) : .emptyDictionary,
                .int32(-1),
            ])
        guard let answer = try? connection.call(call), answer.signature == "u" else { return false }
        var reader = DBusReader(answer.bodyBytes)
        guard let id = reader.uint32() else { return false }
        if replacing != 0 { awaited[replacing] = nil }
        awaited[id] = awaiting
        return true
    }

    /// Gives the run `runID` to the notifications sent that have none yet: those just sent.
    func stamp(runID: EventID?) {
        for (id, record) in awaited where record.runID == nil { awaited[id]?.runID = runID }
    }

    /// The answers that came, oldest first, each taken off `awaited` with the notification it
    /// answers; answers to notifications this one did not send, and actions they did not offer,
    /// are left out.
    func answers() -> [(answer: Answer, awaited: Awaited)] {
        guard let connection, let signals = try? connection.takeSignals() else {
            // The bus went: no answer can come now.
            forget()
            return []
        }
        var answered: [(Answer, Awaited)] = []
        for signal in signals where signal.interface == "org.freedesktop.Notifications" {
            var reader = DBusReader(signal.bodyBytes)
            guard let id = reader.uint32(), let record = awaited[id] else { continue }
            if signal.member == "ActionInvoked", signal.signature == "us", let key = reader.string() {
                // A key it did not offer (a click on the notification itself) answers nothing.
                guard record.offered.contains(key) else { continue }
                answered.append((.chosen(id: id, key: key), record))
                awaited[id] = nil
            } else if signal.member == "NotificationClosed" {
                answered.append((.closed(id: id), record))
                awaited[id] = nil
            }
        }
        return answered
    }

    /// Stops waiting for answers: the connection closed, the notifications let go.
    func forget() {
        awaited.removeAll()
        connection = nil
    }

    /// The connection, opened at the first use and subscribed to the server's answers; nil where
    /// no server answers, or it shows no actions.
    private func connected() -> DBusConnection? {
        if let connection { return connection }
        guard showsActions != false, let connection = try? DBusConnection(address: address) else { return nil }
        let capabilities = try? connection.call(
            .call(
                serial: 0, destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
                interface: "org.freedesktop.Notifications", member: "GetCapabilities"))
        var reader = DBusReader(capabilities?.bodyBytes ?? [])
        showsActions = capabilities?.signature == "as" && reader.strings()?.contains("actions") == true
        guard showsActions == true else { return nil }
        for member in ["ActionInvoked", "NotificationClosed"] {
            guard
                (try? connection.addMatch("type='signal',interface='org.freedesktop.Notifications',member='\(member)'"))
                    != nil
            else { return nil }
        }
        self.connection = connection
        return connection
    }
}
