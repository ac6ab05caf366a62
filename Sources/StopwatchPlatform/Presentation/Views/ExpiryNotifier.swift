import Glibc
import StopwatchCore

/// Tells the user a countdown expired (`--notify`): a desktop notification, sent to the
/// notification server over the session bus (`DesktopNotifications`) when there is one, and a
/// terminal notification when standard output is a terminal (OSC 9, and OSC 777 for the terminals
/// that read that one instead); with neither, a one-line note on standard error that none could
/// be sent. A background waiter's (`answering`) offers the actions the event has
/// (`NotificationAction`) where the server shows actions, and hears the answer.
struct ExpiryNotifier: HookEventSink {
    /// The session bus's address, nil when there is none (a tty, ssh, cron).
    let bus: String?
    /// Standard output when it is a terminal.
    let terminal: (any TextOutput)?
    let messages: any TextOutput
    /// Where notifications a person can answer are sent from, and their answers heard: a hook's
    /// background waiter's, which carries the answers out.
    let answering: NotificationActions?

    init(bus: String?, terminal: (any TextOutput)?, messages: any TextOutput, answering: NotificationActions? = nil) {
        self.bus = bus
        self.terminal = terminal
        self.messages = messages
        self.answering = answering
    }

    /// Whether a notification can be sent at all: a notification server answers on the session
    /// bus (asked for its capabilities: one call), or there is a terminal (`timer --notify` says
    /// so at once when neither holds).
    var canNotify: Bool {
        if terminal != nil { return true }
        guard let bus else { return false }
        return DesktopNotifications(address: bus).capabilities() != nil
    }

    /// Notifies of `event` when `hook` asks for it: a countdown's zero, a cycle's edge (the phase
    /// that ended and the one that begins). One that cannot be sent is noted on standard error,
    /// not failed: the hook's command still runs.
    func deliver(_ event: HookEvent, for hook: ExpiryHook) -> Bool {
        guard hook.notify else { return true }
        let (summary, body) = MessageMapper.notification(for: event)
        let offered = NotificationAction.offered(for: event)
        let awaited = NotificationActions.Awaited(name: event.name, offered: offered.map(\.rawValue), hook: hook)
        let answerable =
            answering?.notify(
                summary: summary, body: body, offering: offered.map { ($0.rawValue, $0.label) }, awaiting: awaited)
            == true
        notify(summary: summary, body: body, name: event.name.rawValue, sent: answerable)
        return true
    }

    /// Sends the notification plain, unless `sent` already, and to the terminal.
    private func notify(summary: String, body: String, name: String, sent answerable: Bool = false) {
        var sent = answerable
        if let bus, !sent { sent = DesktopNotifications(address: bus).notify(summary: summary, body: body) }
        if let terminal {
            terminal.write("\u{1B}]9;\(summary): \(body)\u{7}\u{1B}]777;notify;\(summary);\(body)\u{7}")
            sent = true
        }
        if !sent {
            messages.writeMessage(MessageMapper.line(for: .notificationUnsent(name)))
        }
    }
}
