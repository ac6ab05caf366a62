import Glibc
import StopwatchCore

/// Tells the user a countdown expired (`--notify`): a desktop notification, sent to the
/// notification server over the session bus (`DesktopNotifications`) when there is one, and a
/// terminal notification when standard output is a terminal (OSC 9, and OSC 777 for the terminals
/// that read that one instead); with neither, a one-line note on standard error that none could
/// be sent.
struct ExpiryNotifier: HookEventSink {
    /// The session bus's address, nil when there is none (a tty, ssh, cron).
    let bus: String?
    /// Standard output when it is a terminal.
    let terminal: (any TextOutput)?
    let messages: any TextOutput

    init(bus: String?, terminal: (any TextOutput)?, messages: any TextOutput) {
        self.bus = bus
        self.terminal = terminal
        self.messages = messages
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
        notify(summary: summary, body: body, name: event.name.rawValue)
        return true
    }

    private func notify(summary: String, body: String, name: String) {
        var sent = false
        if let bus { sent = DesktopNotifications(address: bus).notify(summary: summary, body: body) }
        if let terminal {
            terminal.write("\u{1B}]9;\(summary): \(body)\u{7}\u{1B}]777;notify;\(summary);\(body)\u{7}")
            sent = true
        }
        if !sent {
            messages.writeMessage(MessageMapper.line(for: .notificationUnsent(name)))
        }
    }
}
